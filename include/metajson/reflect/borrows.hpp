// Whether a type read from JSON would point into the input (a std::string_view anywhere in
// it): owns_its_data<T>, from the backend (p2996/borrows.hpp or aggregate/borrows.hpp).
#pragma once

#include "../detail/requirements.hpp"
// (Both included: each is empty but for the backend of this build, which keeps the single header
// from holding their common headers twice.)
#include "p2996/borrows.hpp"
#include "aggregate/borrows.hpp"
