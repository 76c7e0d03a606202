#include "export/statement_latex.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(StatementLatex, TitleCodeListsAndTablesBecomeLatex) {
  const std::string latex = statement_latex(
      "Nuts & Bolts", "Read `n`, then:\n\n1. ask `? i j`\n2. answer\n\n| n | 2 |\n|---|---|\n| L | 10 |\n");
  EXPECT_EQ(latex.rfind("\\problemname{Nuts \\& Bolts}\n", 0), 0u) << latex;
  EXPECT_NE(latex.find("\\texttt{n}"), std::string::npos) << latex;
  EXPECT_NE(latex.find("\\begin{enumerate}"), std::string::npos) << latex;
  EXPECT_NE(latex.find("\\begin{tabular}"), std::string::npos) << latex;
  EXPECT_NE(latex.find("L & 10"), std::string::npos) << latex;
}

TEST(StatementLatex, LatexSpecialsOfTheTextAreEscaped) {
  const std::string latex = statement_latex("100% _sure_", "Costs $5 & 10% more_ever.\n");
  EXPECT_NE(latex.find("\\problemname{100\\% \\_sure\\_}"), std::string::npos) << latex;
  EXPECT_NE(latex.find("\\$5 \\& 10\\%"), std::string::npos) << latex;
}

}  // namespace
}  // namespace judge
