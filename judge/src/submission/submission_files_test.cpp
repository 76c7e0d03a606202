#include "submission/submission_files.hpp"

#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <vector>

#include <gtest/gtest.h>

#include "base/text_file.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

// Folders shaped as a contestant's tar or zip unpacks them: links, odd names, specials.
class SubmissionFilesTest : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "submission-files-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir = pattern;
    fs::create_directories(dir / "into");
    fs::create_directories(dir / "secret");
    std::ofstream(dir / "secret" / "answer.txt") << "THE-HIDDEN-ANSWER\n";
  }
  void TearDown() override { fs::remove_all(dir); }
  void write(const fs::path& relative, const std::string& text) {
    fs::create_directories((dir / relative).parent_path());
    std::ofstream(dir / relative) << text;
  }
  std::string refusal(const fs::path& path, const IngestOptions& options = {}) {
    fs::remove_all(dir / "into");
    fs::create_directories(dir / "into");
    try {
      ingest_submission(path, dir / "into", options);
    } catch (const SubmissionRefused& error) {
      return error.what();
    }
    return "taken";
  }
  fs::path dir;
};

TEST_F(SubmissionFilesTest, AFolderIsCopiedWithItsFoldersAndExecutableBitsAndNoHiddenFiles) {
  write("s/main.py", "print(1)\n");
  write("s/lib/helper.py", "x = 1\n");
  write("s/.git/config", "hidden\n");
  write("s/run.sh", "#!/bin/sh\n");
  fs::permissions(dir / "s/run.sh", fs::perms::owner_all);
  const IngestedSubmission taken = ingest_submission(dir / "s", dir / "into");
  EXPECT_EQ(taken.name, "s");
  EXPECT_TRUE(taken.folder);
  ASSERT_EQ(taken.files.size(), 3u);
  EXPECT_EQ(taken.files[0].path, "lib/helper.py");
  EXPECT_EQ(taken.files[1].path, "main.py");
  EXPECT_EQ(taken.files[2].path, "run.sh");
  EXPECT_TRUE(taken.files[2].executable);
  EXPECT_EQ(read_file(dir / "into/s/lib/helper.py"), "x = 1\n");
  EXPECT_FALSE(fs::exists(dir / "into/s/.git"));
  EXPECT_EQ(fs::status(dir / "into/s/run.sh").permissions() & fs::perms::owner_exec, fs::perms::owner_exec);
}

// Issue 28, hole 1: a link to a file outside the folder (the hidden test, /etc/shadow) is
// refused, naming it and where it points; nothing of the target is copied.
TEST_F(SubmissionFilesTest, ALinkOutOfTheFolderIsRefusedAndNothingOfItsTargetIsRead) {
  write("s/main.py", "print(open('t').read())\n");
  fs::create_symlink(dir / "secret/answer.txt", dir / "s/t");
  const std::string absolute = refusal(dir / "s");
  EXPECT_NE(absolute.find("s/t: a symbolic link to "), std::string::npos) << absolute;
  EXPECT_NE(absolute.find("outside the submission's folder"), std::string::npos) << absolute;
  EXPECT_EQ(absolute.find("THE-HIDDEN-ANSWER"), std::string::npos);
  fs::remove(dir / "s/t");
  fs::create_symlink("../secret/answer.txt", dir / "s/t");  // relative, as tar keeps it
  EXPECT_NE(refusal(dir / "s").find("outside the submission's folder"), std::string::npos);
  fs::remove(dir / "s/t");
  fs::create_symlink("/etc/shadow", dir / "s/t");
  EXPECT_NE(refusal(dir / "s").find("a symbolic link to /etc/shadow"), std::string::npos);
  fs::remove(dir / "s/t");
  fs::create_symlink("/proc/self/root/etc/shadow", dir / "s/t");
  EXPECT_NE(refusal(dir / "s").find("outside"), std::string::npos);
  for (const auto& entry : fs::recursive_directory_iterator(dir / "into"))
    if (entry.is_regular_file()) {
      EXPECT_EQ(read_file(entry.path())->find("THE-HIDDEN"), std::string::npos);
    }
}

// A link to a file inside the folder is that file under the link's name; a link to a
// folder inside is refused (no cycles, one shape); a dangling one says so.
TEST_F(SubmissionFilesTest, ALinkInsideTheFolderIsItsFileAndALinkToAFolderIsRefused) {
  write("s/main.c", "int main(void) { return 0; }\n");
  write("s/impl/v2.h", "#define V 2\n");
  fs::create_symlink("impl/v2.h", dir / "s/v.h");
  const IngestedSubmission taken = ingest_submission(dir / "s", dir / "into");
  ASSERT_EQ(taken.files.size(), 3u);
  EXPECT_EQ(read_file(dir / "into/s/v.h"), "#define V 2\n");
  EXPECT_EQ(fs::symlink_status(dir / "into/s/v.h").type(), fs::file_type::regular);
  fs::create_directory_symlink("impl", dir / "s/also");
  EXPECT_NE(refusal(dir / "s").find("a symbolic link to the folder impl"), std::string::npos);
  fs::remove(dir / "s/also");
  fs::create_symlink("nowhere.h", dir / "s/gone.h");
  EXPECT_NE(refusal(dir / "s").find("gone.h: a symbolic link to nowhere.h, which does not exist"), std::string::npos);
}

// Issue 28, hole 4: a FIFO (or a link to one, or to /proc/kmsg) never hangs the judge; a
// socket is refused by name.
TEST_F(SubmissionFilesTest, SpecialFilesAreRefusedByNameWithoutBlocking) {
  write("s/main.py", "print(1)\n");
  ASSERT_EQ(::mkfifo((dir / "s/pipe").c_str(), 0644), 0);
  const auto started = std::chrono::steady_clock::now();
  EXPECT_NE(refusal(dir / "s").find("s/pipe: a FIFO: only regular files and folders are taken"), std::string::npos);
  fs::remove(dir / "s/pipe");
  fs::create_symlink("/proc/kmsg", dir / "s/kmsg");
  EXPECT_NE(refusal(dir / "s").find("a symbolic link to /proc/kmsg"), std::string::npos);
  fs::remove(dir / "s/kmsg");
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
  const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  const std::string socket_path = (dir / "s/sock").string();
  ASSERT_LT(socket_path.size(), sizeof address.sun_path);
  std::copy(socket_path.begin(), socket_path.end(), address.sun_path);
  ASSERT_EQ(::bind(sock, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  EXPECT_NE(refusal(dir / "s").find("s/sock: a socket"), std::string::npos);
  ::close(sock);
  ASSERT_EQ(::mkfifo((dir / "lone.py").c_str(), 0644), 0);
  EXPECT_NE(refusal(dir / "lone.py").find("is a FIFO: not a file or a folder"), std::string::npos);
}

// Issue 28, hole 2: names are bytes; ':' and newlines and \xff are ordinary, and a message
// shows them escaped.
TEST_F(SubmissionFilesTest, NamesWithColonsNewlinesAndBytesThatAreNotUtf8AreOrdinary) {
  const std::string odd = "team:1 \n\xff.py";
  write("s/" + odd, "print(1)\n");
  write("s/p:/etc/ld.so.preload", "not a path in the box\n");
  const IngestedSubmission taken = ingest_submission(dir / "s", dir / "into");
  ASSERT_EQ(taken.files.size(), 2u);
  EXPECT_EQ(taken.files[0].path, "p:/etc/ld.so.preload");
  EXPECT_EQ(taken.files[1].path, odd);
  EXPECT_EQ(read_file(dir / "into/s" / odd), "print(1)\n");
  EXPECT_EQ(shown_name(odd), "team:1 \\x0a\\xff.py");
}

// Issue 28, hole 3: bounds on files, bytes, depth, each named with its bound; a huge
// sparse file is refused before a byte of it is read.
TEST_F(SubmissionFilesTest, AFolderBeyondItsBoundsIsRefusedSayingWhichBound) {
  IngestOptions options;
  options.bounds.max_files = 3;
  for (int i = 0; i < 4; ++i) write("many/f" + std::to_string(i) + ".py", "x\n");
  EXPECT_NE(refusal(dir / "many", options).find("more than 3 files (bound: 3 files)"), std::string::npos);
  write("deep/a/b/c/d.py", "x\n");
  options.bounds.max_depth = 2;
  EXPECT_NE(refusal(dir / "deep", options).find("folders nested more than 2 deep (bound: 2)"), std::string::npos);
  write("big/main.py", "x\n");
  {
    std::ofstream sparse(dir / "big/data.py");
  }
  fs::resize_file(dir / "big/data.py", 2ULL * 1024 * 1024 * 1024);  // 2 GiB, sparse
  const auto started = std::chrono::steady_clock::now();
  EXPECT_NE(refusal(dir / "big").find("larger than its bound of 64 MiB"), std::string::npos);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(2));
  options = {};
  options.bounds.max_names = 50;
  for (int i = 0; i < 60; ++i) write("names/.h" + std::to_string(i), "");
  EXPECT_NE(refusal(dir / "names", options).find("more than 50 names"), std::string::npos);
}

// Issue 28, hole 6: the key is an unambiguous encoding: one file holding what a
// separator-joined key of two files would hold is another key.
TEST_F(SubmissionFilesTest, TheKeyCannotBeForgedByBytesThatLookLikeASecondFile) {
  write("two/sol.c", "P");
  write("two/z.c", "Q");
  write("one/sol.c", std::string("P\x1fz.c\0Q", 7));
  const std::string two = ingest_submission(dir / "two", dir / "into").key;
  fs::create_directories(dir / "into2");
  const std::string one = ingest_submission(dir / "one", dir / "into2").key;
  EXPECT_NE(one, two);
  fs::create_directories(dir / "into3");
  EXPECT_EQ(ingest_submission(dir / "two", dir / "into3").key, two);  // the same content, the same key
}

// hash_submission reads by the same rules as ingest_submission (the cache uses it to
// find a content it stored before): the same files and key, the same refusals, and
// nothing written anywhere.
TEST_F(SubmissionFilesTest, HashingTakesWhatIngestingTakesAndWritesNothing) {
  write("s/main.py", "print(1)\n");
  write("s/lib/helper.py", "x = 1\n");
  write("s/.git/config", "hidden\n");
  write("s/run.sh", "#!/bin/sh\n");
  fs::permissions(dir / "s/run.sh", fs::perms::owner_all);
  fs::create_symlink("main.py", dir / "s/alias.py");
  auto names = [&] {
    std::vector<std::string> all;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) all.push_back(entry.path().string());
    std::sort(all.begin(), all.end());
    return all;
  };
  const std::vector<std::string> before = names();
  const IngestedSubmission hashed = hash_submission(dir / "s");
  EXPECT_EQ(names(), before);
  const IngestedSubmission taken = ingest_submission(dir / "s", dir / "into");
  EXPECT_EQ(hashed.key, taken.key);
  EXPECT_EQ(hashed.name, taken.name);
  EXPECT_TRUE(hashed.folder);
  EXPECT_EQ(hashed.total_bytes, taken.total_bytes);
  ASSERT_EQ(hashed.files.size(), taken.files.size());
  for (std::size_t i = 0; i < taken.files.size(); ++i) {
    EXPECT_EQ(hashed.files[i].path, taken.files[i].path);
    EXPECT_EQ(hashed.files[i].executable, taken.files[i].executable);
  }
  write("one.py", "print(1)\n");
  EXPECT_EQ(hash_submission(dir / "one.py").key, ingest_submission(dir / "one.py", dir / "into").key);
  fs::create_symlink(dir / "secret/answer.txt", dir / "s/peek.txt");
  EXPECT_THROW(hash_submission(dir / "s"), SubmissionRefused);
}

// The user's own argument is followed (a setter's link to a solution); confined (a
// batch participant's file) it must stay inside its folder.
TEST_F(SubmissionFilesTest, TheGivenNameIsFollowedUnlessConfinedToItsFolder) {
  write("elsewhere/sol.py", "print(1)\n");
  write("mallory/keep.py", "print(2)\n");
  fs::create_symlink(dir / "elsewhere/sol.py", dir / "mallory/nuts-bolts.py");
  EXPECT_EQ(refusal(dir / "mallory/nuts-bolts.py"), "taken");
  EXPECT_EQ(read_file(dir / "into/nuts-bolts.py"), "print(1)\n");
  IngestOptions confined;
  confined.confine_to = dir / "mallory";
  EXPECT_NE(refusal(dir / "mallory/nuts-bolts.py", confined).find("leads out of its folder"), std::string::npos);
  fs::remove(dir / "mallory/nuts-bolts.py");
  fs::create_symlink("keep.py", dir / "mallory/nuts-bolts.py");
  EXPECT_EQ(refusal(dir / "mallory/nuts-bolts.py", confined), "taken");
  EXPECT_EQ(read_file(dir / "into/nuts-bolts.py"), "print(2)\n");
}

}  // namespace
}  // namespace judge
