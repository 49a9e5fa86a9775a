# The Conan 2 recipe of metajson: a header-only package made from this source tree.
#
#   conan create .                      # the package metajson/<version> in the local cache
#   [requires] metajson/0.1.0           # in a consumer's conanfile.txt, with CMakeDeps + CMakeToolchain
#
# The version is project(VERSION) of CMakeLists.txt. Nothing is downloaded: the headers and the
# license are exported with the recipe, so creating and consuming the package needs no remote.
# GCC 16 is newer than the compilers in Conan's default settings.yml: docs/install.md says what to
# add (settings_user.yml) and what profile to use; tests/package/conan/run.sh does it and builds a
# consumer against the package.
import os
import re

from conan import ConanFile
from conan.errors import ConanInvalidConfiguration
from conan.tools.build import check_min_cppstd
from conan.tools.files import copy, load
from conan.tools.scm import Version

required_conan_version = ">=2.0"


class MetajsonConan(ConanFile):
    name = "metajson"
    description = "JSON <-> C++ types through C++26 static reflection"
    license = "MIT"
    topics = ("json", "serialization", "reflection", "header-only", "c++26")
    package_type = "header-library"
    settings = "os", "arch", "compiler", "build_type"
    exports_sources = "include/*", "LICENSE"
    no_copy_source = True

    def set_version(self):
        cmake = load(self, os.path.join(self.recipe_folder, "CMakeLists.txt"))
        match = re.search(r"project\(\s*metajson\b[^)]*?\bVERSION\s+([0-9][0-9.]*)", cmake)
        if not match:
            raise ConanInvalidConfiguration("no project(metajson VERSION x.y.z) in CMakeLists.txt")
        self.version = match.group(1)

    def package_id(self):
        # Header-only: one package for every configuration.
        self.info.clear()

    def validate(self):
        # C++26 static reflection: GCC 16 and newer (-std=c++26 -freflection). The headers stop at
        # one #error on any other compiler; saying it here stops the consumer's install instead.
        compiler = self.settings.get_safe("compiler")
        version = self.settings.get_safe("compiler.version")
        if compiler != "gcc" or (version and Version(version) < "16"):
            raise ConanInvalidConfiguration(
                f"{self.ref} needs C++26 static reflection: GCC 16 or newer (-std=c++26 -freflection), "
                f"not {compiler} {version}")
        if self.settings.get_safe("compiler.cppstd"):
            check_min_cppstd(self, 26)

    def package(self):
        copy(self, "LICENSE", self.source_folder, os.path.join(self.package_folder, "licenses"))
        copy(self, "*", os.path.join(self.source_folder, "include"), os.path.join(self.package_folder, "include"))

    def package_info(self):
        self.cpp_info.bindirs = []
        self.cpp_info.libdirs = []
        # What the CMake target metajson::metajson carries: a consumer adds nothing.
        self.cpp_info.cxxflags = ["-std=c++26", "-freflection"]
        self.cpp_info.set_property("cmake_file_name", "metajson")
        self.cpp_info.set_property("cmake_target_name", "metajson::metajson")
        self.cpp_info.set_property("pkg_config_name", "metajson")
