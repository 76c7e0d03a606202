#include "batch/contest_time.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(ContestTime, ParsesTheSpecsAbsoluteTimes) {
  // 2014-06-25T09:00:00Z is 1403686800 s after the epoch.
  EXPECT_EQ(parse_abstime("2014-06-25T10:00:00+01"), 1403686800000);
  EXPECT_EQ(parse_abstime("2014-06-25T10:00:00+01:00"), 1403686800000);
  EXPECT_EQ(parse_abstime("2014-06-25T09:00:00Z"), 1403686800000);
  EXPECT_EQ(parse_abstime("2014-06-25T14:13:07.832+01"), 1403686800000 + (4 * 3600 + 13 * 60 + 7) * 1000 + 832);
  EXPECT_EQ(parse_abstime("2014-06-25T04:30:00-04:30"), 1403686800000);
}

TEST(ContestTime, RefusesWhatIsNotATime) {
  for (const char* bad :
       {"", "2014-06-25", "2014-06-25T10:00:00", "2014-06-25T10:00:00+1", "2014-13-01T00:00:00Z",
        "2026-02-30T00:00:00Z", "2014-06-25T10:00:00.5Z", "2014-06-25T25:00:00Z", "2014-06-25T10:00:00Zjunk"})
    EXPECT_FALSE(parse_abstime(bad)) << bad;
}

TEST(ContestTime, FormatsWhatItParses) {
  EXPECT_EQ(format_abstime(1403686800000), "2014-06-25T09:00:00.000Z");
  EXPECT_EQ(format_abstime(1403686800250), "2014-06-25T09:00:00.250Z");
  EXPECT_EQ(parse_abstime(format_abstime(1764439351123)), 1764439351123);
  EXPECT_EQ(format_abstime(-1), "1969-12-31T23:59:59.999Z");
}

TEST(ContestTime, RelativeTimes) {
  EXPECT_EQ(parse_reltime("4:13:07.832"), (4 * 3600 + 13 * 60 + 7) * 1000 + 832);
  EXPECT_EQ(parse_reltime("0:20:00"), 20 * 60000);
  EXPECT_EQ(parse_reltime("-0:05:00"), -5 * 60000);
  EXPECT_EQ(parse_reltime("123:00:00"), 123LL * 3600000);
  for (const char* bad : {"", ":00:00", "1:60:00", "1:00", "1:00:00.5", "x:00:00", "1:00:00 "})
    EXPECT_FALSE(parse_reltime(bad)) << bad;
  EXPECT_EQ(format_reltime(20 * 60000), "0:20:00.000");
  EXPECT_EQ(format_reltime(-61001), "-0:01:01.001");
  EXPECT_EQ(format_reltime(5 * 3600000 + 1), "5:00:00.001");
  EXPECT_EQ(format_minutes(340), "5:40:00");
  EXPECT_EQ(format_minutes(0), "0:00:00");
}

}  // namespace
}  // namespace judge
