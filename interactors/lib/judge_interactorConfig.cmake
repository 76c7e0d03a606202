# find_package(judge_interactor): the interactor library of the judge, installed by
# `cmake --install`. Gives the target judge_interactor::interactor (headers under
# include/judge_interactor/, #include "interactor.hpp"; fmt and nlohmann_json come along).
include(CMakeFindDependencyMacro)
find_dependency(fmt)
find_dependency(nlohmann_json 3)
include("${CMAKE_CURRENT_LIST_DIR}/judge_interactorTargets.cmake")
