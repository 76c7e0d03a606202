// The request a judge-box server reads (pure): what the judge writes comes back whole,
// words that hold any byte but NUL included, and anything else is refused.
#include "process/box_request.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(BoxRequest, WhatIsWrittenIsReadBackWhole) {
  BoxRequest request;
  request.cpus = {0, 1};
  request.rlimits = {{RLIMIT_CORE, 0, 0}, {RLIMIT_CPU, 2, 3}, {RLIMIT_AS, RLIM_INFINITY, RLIM_INFINITY}};
  request.targets = {0, 1, 2, 3, 5};
  // A ':', a newline, a space, an '=' and bytes that are not UTF-8 stay inside one word.
  request.argv = {"--copy-in", "5", "/box/a:b\nc d", "--", "/box/\xff\xfeprog", ""};
  request.env = {"PATH=/usr/bin", "ODD=x=y\nz"};
  const std::optional<BoxRequest> read = decode_box_request(encode_box_request(request));
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->cpus, (std::vector<int>{0, 1}));
  ASSERT_EQ(read->rlimits.size(), 3u);
  EXPECT_EQ(read->rlimits[1].resource, RLIMIT_CPU);
  EXPECT_EQ(read->rlimits[1].soft, 2u);
  EXPECT_EQ(read->rlimits[1].hard, 3u);
  EXPECT_EQ(read->rlimits[2].soft, RLIM_INFINITY);
  EXPECT_EQ(read->targets, request.targets);
  EXPECT_EQ(read->argv, request.argv);
  EXPECT_EQ(read->env, request.env);
}

TEST(BoxRequest, AnythingElseIsRefused) {
  BoxRequest request;
  request.targets = {0, 1, 2, 3};
  request.argv = {"--", "/bin/true"};
  const std::string good = encode_box_request(request);
  ASSERT_TRUE(decode_box_request(good).has_value());
  using namespace std::string_literals;
  EXPECT_FALSE(decode_box_request("").has_value());
  EXPECT_FALSE(decode_box_request(good.substr(0, good.size() - 1)).has_value()) << "the last word not ended";
  EXPECT_FALSE(decode_box_request(good.substr(0, good.size() - 4)).has_value()) << "no end";
  EXPECT_FALSE(decode_box_request("judge-box-request-9\0end\0"s).has_value()) << "another version";
  EXPECT_FALSE(decode_box_request("judge-box-request-1\0cpu\0x\0end\0"s).has_value());
  EXPECT_FALSE(decode_box_request("judge-box-request-1\0cpu\0-1\0end\0"s).has_value());
  EXPECT_FALSE(decode_box_request("judge-box-request-1\0cpu\0100000\0end\0"s).has_value());
  EXPECT_FALSE(decode_box_request("judge-box-request-1\0fd\0-1\0end\0"s).has_value());
  EXPECT_FALSE(decode_box_request("judge-box-request-1\0fd\0003\0fd\0003\0end\0"s).has_value())
      << "two descriptors for one number";
  EXPECT_FALSE(decode_box_request("judge-box-request-1\0rlimit\0004\0001\0end\0"s).has_value())
      << "an rlimit cut short";
  EXPECT_FALSE(decode_box_request("judge-box-request-1\0shell\0rm\0end\0"s).has_value()) << "an unknown key";
  EXPECT_FALSE(decode_box_request("judge-box-request-1\0arg\0end\0"s).has_value()) << "a key without its value";
}

}  // namespace
}  // namespace judge
