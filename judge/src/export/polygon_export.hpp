// A problem.json problem as a Polygon package folder, the layout Polygon's package
// download has and its upload takes:
//
//   problem.xml          the testset "tests" (time and memory limit, one manual test
//                        each, samples marked), the resource files, the checker, the
//                        interactor, the solutions with their tags
//   files/interactor.cpp the one source Polygon compiles, in testlib's convention: the
//                        interactor's main source as written, its main renamed and
//                        called by an adapter taking testlib's `INPUT TOUT [ANSWER]`
//                        and exiting 0 OK, 1 WA (2 PE), 3 FAIL (42, 43, anything else),
//                        after the includes of its other sources and of the interactor
//                        library; it builds with g++ on Linux and on Windows (Polygon's
//                        MinGW-w64)
//   files/*.hpp, *.ipp   resources: what it includes (the problem's other sources as
//                        .ipp, the library, fmt and nlohmann/json, flat)
//   files/check.cpp      a checker that accepts: the interactor has judged
//   tests/NN, NN.a       every test in the problem's order
//   solutions/           each example submission of a folder Polygon has a tag for
//                        (accepted: main for the first, accepted; wrong_answer:
//                        wrong-answer; PE, TLE (and ILE), RTE (failed), MLE)
//
// Scores, multi-pass tests, the input validators, the generator and the statement's
// place are not carried (Package::not_carried says which apply).
#pragma once

#include "export/package.hpp"
#include "problem/problem.hpp"

namespace judge {

// Throws ConfigError for what cannot be exported (a package that is not problem.json,
// a Python or testlib interactor).
Package polygon_package(const Problem& problem);

}  // namespace judge
