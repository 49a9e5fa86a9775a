// to_value, from_value and value::get<T>: part of <metajson/value.hpp>, which this includes (kept
// so that code written for the earlier layout compiles as it is).
#pragma once

#include "value.hpp"
