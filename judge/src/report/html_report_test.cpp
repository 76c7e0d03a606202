#include "report/html_report.hpp"

#include <gtest/gtest.h>

#include "batch/test_support.hpp"

namespace judge {
namespace {
using namespace batch_testing;

TEST(HtmlReport, TemplateHasItsMarkersOnce) {
  const std::string_view page = html_report_template();
  for (const char* marker : {"{{TITLE}}", "{{CHART_JS}}", "{{REPORT_DATA}}"}) {
    const auto first = page.find(marker);
    ASSERT_NE(first, std::string_view::npos) << marker;
    EXPECT_EQ(page.find(marker, first + 1), std::string_view::npos) << marker;
  }
}

TEST(HtmlReport, DataAndPageAreSelfContainedAndSafe) {
  const BatchPlan plan = sample_plan();
  const BatchGrades grades = grade_records(plan, sample_records(plan));
  nlohmann::json data = html_report_data("/nonexistent", plan, grades);
  EXPECT_EQ(data["submissions"].size(), 4u);
  EXPECT_EQ(data["standings"]["rows"][0]["participant"], "alice");
  EXPECT_EQ(data["run"]["max_concurrent"], 2);
  EXPECT_EQ(data["run"]["contended_tests"], 5);  // every test but carol's CE
  // A CE's headline is the compiler's error line (message_headline), what the page shows.
  bool carol_seen = false;
  for (const auto& submission : data["submissions"]) {
    if (submission["participant"] != "carol") continue;
    carol_seen = true;
    EXPECT_EQ(submission["headline"], "q.cpp:1: error: expected ';'");
  }
  EXPECT_TRUE(carol_seen);
  data["title"] = "</script><script>alert(1)</script>";
  const std::string html =
      render_html_report("a <title>", data, std::string("window.Chart = function () {}; // </script>"));
  // Exactly the page's own script elements end: nothing from the data or Chart.js.
  std::size_t ends = 0;
  for (std::size_t at = 0; (at = html.find("</script>", at)) != std::string::npos; ++at) ++ends;
  EXPECT_EQ(ends, 4u);
  EXPECT_NE(html.find("<title>a &lt;title&gt;</title>"), std::string::npos);
  EXPECT_NE(html.find("\\u003c/script>\\u003cscript>alert(1)"), std::string::npos);
  EXPECT_NE(html.find("<\\/script>"), std::string::npos);
  EXPECT_NE(html.find("minBarLength: 3"), std::string::npos);  // a score of 0 still draws a bar
  EXPECT_EQ(html.find("http://"), std::string::npos);   // nothing fetched at view time
  EXPECT_EQ(html.find("https://"), std::string::npos);
}

TEST(HtmlReport, JsonForScriptParsesBack) {
  const nlohmann::json value = {{"a", "<!-- x </script> y"}, {"b", "bad \xff utf-8"}};
  const std::string text = json_for_script(value);
  EXPECT_EQ(text.find('<'), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(text)["a"], "<!-- x </script> y");
}

TEST(HtmlReport, ChartJsPathCanBeOverridden) {
  ::setenv("JUDGE_CHARTJS_FILE", "/nonexistent/chart.js", 1);
  EXPECT_EQ(chartjs_file(), "/nonexistent/chart.js");
  EXPECT_FALSE(load_chartjs().has_value());
  ::unsetenv("JUDGE_CHARTJS_FILE");
  EXPECT_EQ(chartjs_file(), "/usr/share/javascript/chart.js/chart.min.js");
}

}  // namespace
}  // namespace judge
