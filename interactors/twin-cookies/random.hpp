// twin-cookies draws its random choices from the interactor library's SeededRandom
// (the same for a seed on every compiler and standard library).
#pragma once

#include "seeded_random.hpp"

namespace twin_cookies {

using Random = interactor::SeededRandom;

}  // namespace twin_cookies
