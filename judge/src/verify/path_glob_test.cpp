#include "verify/path_glob.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

using Strings = std::vector<std::string>;

TEST(ExpandBraces, ExpandsAlternativesNestedAndSideBySide) {
  EXPECT_EQ(expand_braces("author.{py,cpp}"), (Strings{"author.py", "author.cpp"}));
  EXPECT_EQ(expand_braces("{simple,complex}.py"), (Strings{"simple.py", "complex.py"}));
  EXPECT_EQ(expand_braces("secret/*{1,3}"), (Strings{"secret/*1", "secret/*3"}));
  EXPECT_EQ(expand_braces("{a,b{1,2}}/{x,y}"),
            (Strings{"a/x", "a/y", "b1/x", "b1/y", "b2/x", "b2/y"}));
  EXPECT_EQ(expand_braces("plain/*.py"), (Strings{"plain/*.py"}));
  EXPECT_EQ(expand_braces("broken{a,b"), (Strings{"broken{a,b"}));
  EXPECT_EQ(expand_braces("{}x"), (Strings{"x"}));
}

TEST(GlobMatchesPath, MatchesThePathOrAFolderAboveIt) {
  EXPECT_TRUE(glob_matches_path("accepted", "accepted/a.py"));
  EXPECT_TRUE(glob_matches_path("accepted/*", "accepted/a.py"));
  EXPECT_TRUE(glob_matches_path("secret/group1", "secret/group1/03"));
  EXPECT_TRUE(glob_matches_path("secret/*-easy", "secret/02-easy"));
  EXPECT_TRUE(glob_matches_path("expansion/ac.{py,cpp}", "expansion/ac.cpp"));
  EXPECT_TRUE(glob_matches_path("secret/*{1,3,5}", "secret/g3/01"));
  // * never crosses a /, and a pattern must match whole names.
  EXPECT_TRUE(glob_matches_path("*", "secret"));
  EXPECT_FALSE(glob_matches_path("secret/*", "sample/1"));
  EXPECT_FALSE(glob_matches_path("accepted/*.py", "accepted/folder/main.cpp"));
  EXPECT_FALSE(glob_matches_path("secret/group", "secret/group1/03"));
  EXPECT_FALSE(glob_matches_path("secret/group1/03", "secret/group1"));
}

}  // namespace
}  // namespace judge
