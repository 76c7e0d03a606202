#include "permutation.hpp"

#include <string>

#include <gtest/gtest.h>

#include "testing_support.hpp"

namespace interactor {
namespace {

using testing_support::finish_of;

constexpr PermutationWords kWords{"bolt", "bolts", "nut", "nuts"};

std::string message_of(const std::string& text, int n) {
  Line line(text, 4, LineSource::contestant);
  line.set_shape("'! p_1 ... p_n'");
  line.expect("!");
  const Finish finish = finish_of([&] { read_permutation(line, n, kWords); });
  EXPECT_EQ(finish.outcome, Outcome::reject) << finish.message;
  EXPECT_EQ(finish.verdict, Verdict::PE) << finish.message;
  return finish.message;
}

TEST(ReadPermutation, APermutationComesBackAsWritten) {
  Line line("! 3 1 2", 1, LineSource::contestant);
  line.expect("!");
  EXPECT_EQ(read_permutation(line, 3, kWords), (std::vector<int>{3, 1, 2}));
}

TEST(ReadPermutation, EachFaultIsNamedInTheProblemsWords) {
  EXPECT_EQ(message_of("! 1 2 3 4", 3), "line 4: expected '! p_1 ... p_n', got '! 1 2 3 4' (more than 3 bolts for 3 nuts)");
  EXPECT_EQ(message_of("! 2 1 2", 3), "line 4: expected '! p_1 ... p_n', got '! 2 1 2' (bolt 2 is given to nut 1 and to nut 3)");
  EXPECT_EQ(message_of("! 2 1", 3), "line 4: expected '! p_1 ... p_n', got '! 2 1' (2 bolts for 3 nuts)");
  EXPECT_NE(message_of("! 2 1 4", 3).find("p_3"), std::string::npos);
}

}  // namespace
}  // namespace interactor
