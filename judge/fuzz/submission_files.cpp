// libFuzzer target: the host-side ingestion of a submission folder
// (judge/src/submission/submission_files.hpp), in-process. The input is a little
// program that builds a folder tree as a contestant's tar could unpack it: names with
// ':', newlines, bytes that are not UTF-8, hidden names; files small and huge
// (sparse); links of every kind (to a file or a folder inside, "../" and absolute ones
// out of it, to /etc/shadow, /proc/kmsg, /dev/zero, /proc/self/fd/0, dangling, loops);
// FIFOs, sockets and a character device; then random bounds. It checks:
//   - the ingestion ends: it returns or refuses (SubmissionRefused or ConfigError),
//     never anything else, never a hang (a FIFO or /proc/kmsg opened for reading would
//     block: libFuzzer's -timeout reports it);
//   - no byte of a file outside the folder is copied (every file outside holds a
//     marker, looked for in every copied file);
//   - the copy holds only regular files and folders, within the bounds given, each
//     listed file with its size, and the key is the same when the same tree is taken
//     again;
//   - every plain regular file of the tree (no link on its way, not hidden) is in an
//     accepted copy with its bytes, and a refused tree has something to refuse;
//   - memory stays bounded: a 3 GiB sparse file read whole would pass libFuzzer's
//     -malloc_limit_mb and -rss_limit_mb (scripts/fuzz.sh), which report it.
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "base/errors.hpp"
#include "submission/submission_files.hpp"

namespace fs = std::filesystem;

namespace {

constexpr const char* marker = "OUTSIDE-SECRET-MARKER";

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "==== fuzz invariant broken: %s\n", what.c_str());
  std::abort();
}

// The input, read as a stream of choices; past its end every choice is 0.
class Choices {
 public:
  Choices(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
  bool more() const { return at_ < size_; }
  // A file name: 1 to 12 bytes of the input, '/' and NUL made '_', "." and ".." made
  // "dot": otherwise any bytes, ':' and newlines and \xff included.
  std::string name() {
    static const char* specials[] = {"team:1.py", "a\nb", "p:", "\xff\xfe", " sp ace", ".hidden", "main.py", "sol.c"};
    const std::uint8_t how = byte();
    if (how < 64) return specials[how % 8];
    std::string text;
    const int length = 1 + byte() % 12;
    for (int i = 0; i < length; ++i) {
      char c = static_cast<char>(byte());
      if (c == '/' || c == '\0') c = '_';
      text += c;
    }
    if (text == "." || text == "..") text = "dot";
    return text;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

struct Tree {
  fs::path root;     // the submission's folder
  fs::path outside;  // beside it: files with the marker, a FIFO
  std::vector<fs::path> folders;              // inside, relative ("" : the root)
  std::map<fs::path, std::string> plain;      // regular files reached without a link, not hidden: bytes
  std::vector<fs::path> files;                // every regular file made inside, relative
};

bool hidden(const fs::path& relative) {
  for (const auto& part : relative)
    if (!part.empty() && part.string()[0] == '.') return true;
  return false;
}

void make_file(Tree& tree, const fs::path& relative, const std::string& bytes) {
  std::ofstream(tree.root / relative, std::ios::binary) << bytes;
  tree.files.push_back(relative);
  if (!hidden(relative)) tree.plain[relative] = bytes;
}

// One link at `relative`, to a target chosen by `kind`.
void make_link(Tree& tree, const fs::path& relative, std::uint8_t kind, Choices& in) {
  const int depth = static_cast<int>(std::distance(relative.begin(), relative.end())) - 1;
  std::string up;
  for (int i = 0; i < depth; ++i) up += "../";
  std::string target;
  switch (kind % 10) {
    case 0: target = tree.files.empty() ? "nowhere" : up + tree.files[in.byte() % tree.files.size()].string(); break;
    case 1: target = up + "../outside/secret"; break;
    case 2: target = (tree.outside / "secret").string(); break;
    case 3: target = "/etc/shadow"; break;
    case 4: target = "/proc/kmsg"; break;
    case 5: target = "/dev/zero"; break;
    case 6: target = "/proc/self/fd/0"; break;
    case 7: target = up + "../outside/fifo"; break;
    case 8: target = relative.filename().string(); break;  // a loop
    default:
      target = tree.folders.empty() || tree.folders.size() == 1 ? "." : up + tree.folders[in.byte() % tree.folders.size()].string();
  }
  std::error_code ec;
  fs::create_symlink(target, tree.root / relative, ec);
}

void make_special(Tree& tree, const fs::path& relative, std::uint8_t kind) {
  const fs::path path = tree.root / relative;
  [[maybe_unused]] int made = -1;
  if (kind % 3 == 0) made = ::mkfifo(path.c_str(), 0644);
  if (kind % 3 == 1) made = ::mknod(path.c_str(), S_IFCHR | 0644, makedev(1, 3));  // as /dev/null
  if (kind % 3 == 2 && path.string().size() < sizeof(sockaddr_un::sun_path)) {
    const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    path.string().copy(address.sun_path, sizeof address.sun_path - 1);
    made = ::bind(sock, reinterpret_cast<sockaddr*>(&address), sizeof address);
    ::close(sock);
  }
  (void)made;
}

// Builds the tree the input describes.
void build(Tree& tree, Choices& in) {
  fs::path here;  // the folder new names go in, relative
  tree.folders.push_back(here);
  for (int ops = 0; in.more() && ops < 64; ++ops) {
    const std::uint8_t op = in.byte();
    const fs::path relative = here / in.name();
    std::error_code ec;
    if (fs::symlink_status(tree.root / relative, ec).type() != fs::file_type::not_found) continue;
    switch (op % 8) {
      case 0:
        if (fs::create_directory(tree.root / relative, ec)) tree.folders.push_back(relative);
        break;
      case 1: case 2: make_file(tree, relative, std::string(in.byte() % 200, static_cast<char>('a' + op % 26))); break;
      case 3: {
        make_file(tree, relative, "");
        fs::resize_file(tree.root / relative, op & 0x80 ? 3ULL << 30 : (64ULL << 20) + 1, ec);  // sparse
        tree.plain.erase(relative);  // beyond every bound the target draws: always refused
        break;
      }
      case 4: case 5: make_link(tree, relative, in.byte(), in); break;
      case 6: make_special(tree, relative, in.byte()); break;
      default: here = tree.folders[in.byte() % tree.folders.size()];
    }
  }
}

// What the rules say of a tree without links, from a walk of it (links not followed,
// hidden folders not entered, as the ingestion does).
struct Expected {
  std::size_t names = 0, files = 0;
  std::uint64_t bytes = 0;
  int depth = 0;
  std::size_t longest_path = 0;
  bool links = false, specials = false;
};

Expected expect(const fs::path& root) {
  Expected expected;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    ++expected.names;
    const fs::path relative = it->path().lexically_relative(root);
    expected.longest_path = std::max(expected.longest_path, relative.string().size());
    const auto type = it->symlink_status().type();
    if (relative.filename().string()[0] == '.') {
      if (type == fs::file_type::directory) it.disable_recursion_pending();
      continue;
    }
    if (type == fs::file_type::directory)
      expected.depth = std::max(expected.depth, static_cast<int>(std::distance(relative.begin(), relative.end())));
    else if (type == fs::file_type::regular) ++expected.files, expected.bytes += it->file_size();
    else if (type == fs::file_type::symlink) expected.links = true;
    else expected.specials = true;
  }
  return expected;
}

bool within(const Expected& e, const judge::IngestBounds& bounds) {
  return !e.specials && e.files <= bounds.max_files && e.bytes <= bounds.max_total_bytes &&
         e.depth <= bounds.max_depth && e.names <= bounds.max_names && e.longest_path <= bounds.max_path_bytes;
}

// Every regular file below `dir`: no link, no special, no marker.
void check_copy(const fs::path& dir, const judge::IngestedSubmission& taken, const judge::IngestBounds& bounds) {
  std::size_t files = 0;
  std::uint64_t bytes = 0;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator(); ++it) {
    const auto type = it->symlink_status().type();
    if (type == fs::file_type::directory) continue;
    if (type != fs::file_type::regular) fail("the copy holds something that is not a file or a folder: " + it->path().string());
    ++files;
    bytes += it->file_size();
    std::ifstream in(it->path(), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find(marker) != std::string::npos) fail("a file outside the folder was copied: " + it->path().string());
  }
  if (files != taken.files.size()) fail("the copy and the listing differ in files");
  if (files > bounds.max_files || bytes > bounds.max_total_bytes || bytes != taken.total_bytes)
    fail("the copy is beyond its bounds or its listing");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const fs::path scratch = [] {
    const char* shm = "/dev/shm";
    fs::path base = fs::exists(shm) ? fs::path(shm) : fs::temp_directory_path();
    return base / ("judge-fuzz-files-" + std::to_string(::getpid()));
  }();
  std::error_code ec;
  fs::remove_all(scratch, ec);
  Tree tree;
  tree.root = scratch / "sub";
  tree.outside = scratch / "outside";
  fs::create_directories(tree.root);
  fs::create_directories(tree.outside);
  std::ofstream(tree.outside / "secret") << marker;
  ::mkfifo((tree.outside / "fifo").c_str(), 0644);
  Choices in(data, size);
  judge::IngestOptions options;
  options.bounds.max_files = 1 + in.byte() % 40;
  options.bounds.max_total_bytes = 1 + (static_cast<std::uint64_t>(in.byte()) << 12);
  options.bounds.max_depth = 1 + in.byte() % 6;
  options.bounds.max_names = 5 + in.byte() % 100;
  build(tree, in);
  const Expected expected = expect(tree.root);
  std::string keys[2];
  for (int round = 0; round < 2; ++round) {
    const fs::path into = scratch / ("into" + std::to_string(round));
    fs::create_directories(into);
    try {
      const judge::IngestedSubmission taken = judge::ingest_submission(tree.root, into, options);
      check_copy(into, taken, options.bounds);
      for (const auto& [relative, bytes] : tree.plain) {
        std::ifstream copy(into / "sub" / relative, std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(copy)), std::istreambuf_iterator<char>());
        if (!copy || text != bytes) fail("a plain file of the folder is missing or changed: " + relative.string());
      }
      if (!expected.links && !within(expected, options.bounds)) fail("a tree beyond the rules was taken");
      if (!expected.links && taken.files.size() != tree.plain.size()) fail("the copy has files the tree has not");
      keys[round] = taken.key;
    } catch (const judge::SubmissionRefused& refused) {
      if (!expected.links && within(expected, options.bounds))
        fail(std::string("a tree within the rules was refused: ") + refused.what());
      keys[round] = std::string("refused: ") + refused.what();
    } catch (const judge::ConfigError&) {
      keys[round] = "unreadable";
    }
  }
  if (keys[0] != keys[1]) fail("the same tree taken twice gave two keys: " + keys[0] + " and " + keys[1]);
  fs::remove_all(scratch, ec);
  return 0;
}
