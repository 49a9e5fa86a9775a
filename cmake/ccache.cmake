# The compiler cache: when ccache is installed (scripts/bootstrap-ccache installs it), every
# compile goes through it, so a translation unit compiled before (in any clone on this machine,
# with the same compiler, flags and preprocessed text) is fetched instead of compiled. A changed
# header changes the text of every unit that includes it: those are compiled again, and only
# those. The Makefile sets what makes it work across clones (CCACHE_BASEDIR, CCACHE_NOHASHDIR,
# CCACHE_SLOPPINESS for the precompiled header). METAJSON_CCACHE=OFF turns it off; a
# CMAKE_CXX_COMPILER_LAUNCHER given on the command line wins.
option(METAJSON_CCACHE "Compile through ccache when it is installed" ON)
if(METAJSON_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  find_program(METAJSON_CCACHE_PROGRAM ccache)
  if(METAJSON_CCACHE_PROGRAM)
    set(CMAKE_CXX_COMPILER_LAUNCHER ${METAJSON_CCACHE_PROGRAM})
  endif()
endif()
