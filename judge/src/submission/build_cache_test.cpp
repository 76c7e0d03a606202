#include "submission/build_cache.hpp"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>

#include <fstream>
#include <future>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "base/text_file.hpp"
#include "file_text.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

class BuildCacheTest : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "build-cache-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir = pattern;
    fs::create_directories(dir / "src");
    std::ofstream(dir / "src" / "main.cpp") << "int main() {}\n";
  }
  void TearDown() override { fs::remove_all(dir); }
  Sources sources() { return find_sources(dir / "src", languages); }
  fs::path dir;
  Languages languages = Languages::parse(builtin_languages_yaml);
};

TEST(ParseDependencies, MapsTheBoxSourceFolderBackAndKeepsEscapedSpaces) {
  const auto files = parse_dependencies(
      "main.o: /box/src/main.cpp /box/src/my\\ lib.hpp \\\n /usr/include/stdio.h\nother.o: /box/src/x.c\n", "/home/u/sol");
  ASSERT_EQ(files.size(), 4u);
  EXPECT_EQ(files[0], "/home/u/sol/main.cpp");
  EXPECT_EQ(files[1], "/home/u/sol/my lib.hpp");
  EXPECT_EQ(files[2], "/usr/include/stdio.h");
  EXPECT_EQ(files[3], "/home/u/sol/x.c");
  EXPECT_TRUE(parse_dependencies("", "/x").empty());
}

TEST_F(BuildCacheTest, TheKeyChangesWithAnyFileOfTheSubmissionAndTheLanguage) {
  const BuildCache cache(dir / "cache");
  const std::string first = cache.key_of(sources());
  EXPECT_EQ(cache.key_of(sources()), first);
  std::ofstream(dir / "src" / "lib.hpp") << "// a header, not compiled on its own\n";
  const std::string with_header = cache.key_of(sources());
  EXPECT_NE(with_header, first);
  std::ofstream(dir / "src" / "lib.hpp") << "// edited\n";
  EXPECT_NE(cache.key_of(sources()), with_header);
  Sources as_cpp17 = sources();
  as_cpp17.language = languages.by_id("cpp17");
  EXPECT_NE(cache.key_of(as_cpp17), cache.key_of(sources()));
}

// Two judges built the same program at once (two batch workers, or two suites' probes
// on one cache): the second to publish must not remove the first's entry, which the
// first is about to open (it did, and the first judge failed: "cannot open .../program
// for the box"). The entry stays the first's, the second's build is dropped; a stale
// entry is still replaced.
TEST_F(BuildCacheTest, ASecondJudgePublishingTheSameBuildLeavesTheFirstsEntryInPlace) {
  const BuildCache cache(dir / "cache");
  const std::string key = cache.key_of(sources());
  const fs::path header = dir / "system.h";
  std::ofstream(header) << "#define X 1\n";
  const fs::path first_staged = cache.staging(key);
  const fs::path second_staged = cache.staging(key);
  std::ofstream(first_staged / "program" / "main") << "first";
  std::ofstream(second_staged / "program" / "main") << "second";
  const fs::path first = cache.publish(key, first_staged, {header});
  struct stat before {};
  ASSERT_EQ(::stat(first.c_str(), &before), 0);
  const fs::path second = cache.publish(key, second_staged, {header});
  EXPECT_EQ(second, first);
  struct stat after {};
  ASSERT_EQ(::stat(first.c_str(), &after), 0);
  EXPECT_EQ(after.st_ino, before.st_ino) << "the first judge's entry was replaced under it";
  EXPECT_EQ(judge::test_support::text_of(first / "main"), "first");
  EXPECT_FALSE(fs::exists(second_staged));
  // Stale (a file it read changed): the next build replaces it.
  std::ofstream(header) << "#define X 2\n";
  const fs::path third_staged = cache.staging(key);
  std::ofstream(third_staged / "program" / "main") << "third";
  const fs::path third = cache.publish(key, third_staged, {header});
  EXPECT_EQ(judge::test_support::text_of(third / "main"), "third");
}

TEST_F(BuildCacheTest, APublishedBuildIsFoundUntilAFileItReadChanges) {
  const BuildCache cache(dir / "cache");
  const std::string key = cache.key_of(sources());
  EXPECT_FALSE(cache.lookup(key));
  const fs::path system_header = dir / "system.h";  // stands for /usr/include/...
  std::ofstream(system_header) << "#define X 1\n";
  const fs::path staged = cache.staging(key);
  std::ofstream(staged / "program" / "main") << "binary";
  const fs::path published = cache.publish(key, staged, {system_header});
  EXPECT_FALSE(fs::exists(staged));
  ASSERT_TRUE(cache.lookup(key));
  EXPECT_EQ(*cache.lookup(key), published);
  EXPECT_TRUE(fs::exists(published / "main"));
  EXPECT_EQ(published.filename(), "program");  // the manifest is beside it, not in it
  EXPECT_TRUE(fs::exists(published.parent_path() / "judge-build.json"));
  std::ofstream(system_header) << "#define X 22\n";  // the package was updated
  EXPECT_FALSE(cache.lookup(key));
  fs::remove(system_header);
  EXPECT_FALSE(cache.lookup(key));
}

// Issue 45: a compiler's -M list named a header `x\xff.h` of the submission (reached by
// its absolute box path, so it counts as a file outside it): the manifest's writer
// threw json type_error 316 and every run was exit 3. The path is kept byte for byte
// (hexadecimal), the manifest is valid JSON, and the build is found until that file
// changes.
TEST_F(BuildCacheTest, AFileNameThatIsNotUtf8IsKeptInTheManifestExactly) {
  const BuildCache cache(dir / "cache");
  const std::string key = cache.key_of(sources());
  const fs::path odd_header = dir / "x\xff.h";
  std::ofstream(odd_header) << "#define X 1\n";
  const fs::path staged = cache.staging(key);
  std::ofstream(staged / "program" / "main") << "binary";
  const fs::path published = cache.publish(key, staged, {odd_header});
  ASSERT_TRUE(cache.lookup(key));
  const std::string manifest = read_file(published.parent_path() / "judge-build.json").value_or("");
  EXPECT_TRUE(nlohmann::json::accept(manifest)) << manifest;
  EXPECT_NE(manifest.find("78ff2e68"), std::string::npos) << manifest;  // "x\xff.h" in hexadecimal
  std::ofstream(odd_header) << "#define X 22\n";
  EXPECT_FALSE(cache.lookup(key));
}

// A content stored before is used as it is: nothing is staged in sources/ (no folder
// made there, seen by inotify), and the same entry comes back; a changed file is a
// new content, stored anew.
TEST_F(BuildCacheTest, AStoredContentIsUsedAgainWithoutStagingItAndAChangedOneIsStoredAnew) {
  const BuildCache cache(dir / "cache");
  const StoredSources first = cache.store_sources(dir / "src", {});
  EXPECT_EQ(read_file(first.root / "main.cpp"), "int main() {}\n");
  const int watch = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  ASSERT_GE(watch, 0);
  ASSERT_GE(::inotify_add_watch(watch, (dir / "cache" / "sources").c_str(), IN_CREATE | IN_MOVED_TO), 0);
  auto created = [&] {
    alignas(struct inotify_event) char events[4096];
    const ssize_t n = ::read(watch, events, sizeof events);
    return n > 0;
  };
  const StoredSources again = cache.store_sources(dir / "src", {});
  EXPECT_EQ(again.root, first.root);
  EXPECT_EQ(again.files.key, first.files.key);
  EXPECT_FALSE(created()) << "the second store of the same content staged a copy";
  std::ofstream(dir / "src" / "main.cpp") << "int main() { return 0; }\n";
  const StoredSources changed = cache.store_sources(dir / "src", {});
  EXPECT_NE(changed.files.key, first.files.key);
  EXPECT_TRUE(created());
  EXPECT_EQ(read_file(changed.root / "main.cpp"), "int main() { return 0; }\n");
  EXPECT_EQ(read_file(first.root / "main.cpp"), "int main() {}\n");
  ::close(watch);
}

// Issue 28, hole 11: the cache is bounded; the least recently used entries go first,
// never one used within the grace period; a use (a lookup) makes an entry recent.
// A precompiled header is not waited for: while another judge builds the key, the
// caller is told so at once (and compiles without it); once built, it is found.
TEST_F(BuildCacheTest, BuildInPlaceUnlessBusyDoesNotWaitForAnotherBuilder) {
  const BuildCache cache(dir / "cache");
  std::promise<void> started, release;
  std::shared_future<void> released = release.get_future().share();
  std::thread other([&] {
    cache.build_in_place("k", [&](const fs::path& program) {
      std::ofstream(program / "made") << "x";
      started.set_value();
      released.wait();
      return std::vector<fs::path>{};
    });
  });
  started.get_future().wait();
  bool called = false;
  const auto busy = cache.build_in_place_unless_busy("k", [&](const fs::path&) {
    called = true;
    return std::vector<fs::path>{};
  });
  release.set_value();
  other.join();
  EXPECT_FALSE(busy.has_value());
  EXPECT_FALSE(called);
  const auto found = cache.build_in_place_unless_busy("k", [&](const fs::path&) {
    called = true;
    return std::vector<fs::path>{};
  });
  ASSERT_TRUE(found.has_value());
  EXPECT_FALSE(found->built_now);
  EXPECT_FALSE(called);
  EXPECT_TRUE(fs::exists(found->program / "made"));
}

TEST_F(BuildCacheTest, EvictsTheLeastRecentlyUsedEntriesDownToTheBound) {
  const BuildCache cache(dir / "cache");
  auto entry = [&](const std::string& kind, const std::string& name, int age_hours) {
    const fs::path path = dir / "cache" / kind / name;
    fs::create_directories(path);
    std::ofstream(path / "data") << std::string(100000, 'x');
    const auto when = std::chrono::system_clock::now() - std::chrono::hours(age_hours);
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(when.time_since_epoch()).count();
    const struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
    ::utimensat(AT_FDCWD, path.c_str(), times, 0);
    return path;
  };
  const fs::path oldest = entry("builds", "a", 30);
  const fs::path older = entry("sources", "b", 20);
  const fs::path old = entry("builds", "c", 10);
  const fs::path recent = entry("builds", "d", 0);
  const CacheStats before = cache.stats();
  EXPECT_EQ(before.builds, 3u);
  EXPECT_EQ(before.sources, 1u);
  // Room for two entries: the two least recently used go.
  EXPECT_EQ(cache.evict(250000), 2u);
  EXPECT_FALSE(fs::exists(oldest));
  EXPECT_FALSE(fs::exists(older));
  EXPECT_TRUE(fs::exists(old));
  EXPECT_TRUE(fs::exists(recent));
  // Nothing fits, but what was used within the hour stays.
  EXPECT_EQ(cache.evict(0), 1u);
  EXPECT_TRUE(fs::exists(recent));
  cache.clear();
  EXPECT_EQ(cache.stats().builds, 0u);
}

}  // namespace
}  // namespace judge
