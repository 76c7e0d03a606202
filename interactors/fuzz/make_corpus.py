#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets: interactors/fuzz/corpus/<target>/seed-*.

    python3 interactors/fuzz/make_corpus.py --build BUILD_DIR

The game seeds of valid sessions are played for real: this script is the contestant,
talking to the interactors of BUILD_DIR (cmake's build tree) over pipes with a simple
correct strategy, so that adaptive tests (lazy nut sizes, couriers) get sessions that
end in an accept. Everything the contestant wrote becomes the seed, after the byte that
selects the test in the fuzz target (the test lists must match the targets' kTests).
The malformed seeds are written by hand below. Only seed-* files are replaced: inputs
that `scripts/fuzz.sh --merge-corpus` added stay.
"""
import argparse
import itertools
import pathlib
import struct
import subprocess
import tempfile

FUZZ_DIR = pathlib.Path(__file__).resolve().parent
ROOT = FUZZ_DIR.parent.parent

# The fixed tests of the game targets, in the targets' order (kTests).
NUTS_BOLTS_TESTS = [
    "5\nfixed\n1 2 5 4 3\n3 5 2 1 4\n",
    "2\nfixed\n2 1\n1 2\n",
    "6\nfixed strict\n3 1 6 2 5 4\n5 6 1 4 2 3\n",
    "6\npunish 7\n",
    "6\npunish 11 plain\n",
    "5\nrandom 3 strict\n",
    "6\nprobe 5\n",
    "12\npunish 3\n",
    "10\nfixed strict\n4 9 1 10 2 7 3 8 5 6\n6 1 10 3 8 2 9 5 7 4\n",
]
EGG_DROP_TESTS = [
    "3\n3\nfixed\n2 1 3\n",
    "1\n0\nfixed\n1\n",
    "5\n1000000000\nrandom 42\n",
    "4\n0\nfixed\n4 3 2 1\n",
]
TWIN_COOKIES_TESTS = [
    "1\nrandom 1\n",
    "2\nfirst 0\n",
    "3\nspoiler 5\n",
    "2\nmin 0\n",
    "3\nmax 0\n",
    "3\nlast 0\n",
    "3\nrandom 9\n",
]


class Game:
    """One interactor process; the contestant's side of the pipes, recorded."""

    def __init__(self, interactor, test_text, scratch):
        test = scratch / "test.in"
        test.write_text(test_text)
        feedback = scratch / "feedback"
        feedback.mkdir(exist_ok=True)
        self.process = subprocess.Popen([str(interactor), str(test), "/dev/null", str(feedback) + "/"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.written = []

    def read(self):
        return self.process.stdout.readline().rstrip("\n")

    def write(self, line):
        self.written.append(line + "\n")
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def finish(self):
        self.process.stdin.close()
        code = self.process.wait()
        if code != 42:
            raise SystemExit(f"make_corpus: the interactor did not accept the played session (exit {code}): "
                             f"{''.join(self.written)!r}")
        return "".join(self.written)


def play_nuts_bolts(game):
    """Every nut against every bolt, then the '=' pairs."""
    n = int(game.read())
    answer = [0] * n
    for nut, bolt in itertools.product(range(1, n + 1), repeat=2):
        game.write(f"? {nut} {bolt}")
        if game.read() == "=":
            answer[nut - 1] = bolt
    game.write("! " + " ".join(map(str, answer)))


def play_egg_drop(game):
    """Every egg from every floor, then the lowest floor each shattered from."""
    n = int(game.read())
    answer = [n] * n
    for egg in range(1, n + 1):
        for floor in range(n, 0, -1):
            game.write(f"? {egg} {floor}")
            if game.read() == "1":
                answer[egg - 1] = floor
    game.write("! " + " ".join(map(str, answer)))


def play_twin_cookies(game):
    """Small fresh values until two subsets of the delivered cookies have the same sum."""
    n = int(game.read())
    delivered = []
    sums = {0: ()}
    next_value = 1
    while True:
        order = list(range(next_value, next_value + n))
        next_value += n
        game.write("? " + " ".join(map(str, order)))
        cookie = int(game.read())
        for subset_sum, subset in list(sums.items()):
            grown = subset + (cookie,)
            total = subset_sum + cookie
            if total in sums:
                first = set(sums[total]) - set(grown)
                second = set(grown) - set(sums[total])
                game.write(f"! {len(first)} {len(second)}")
                game.write(" ".join(map(str, sorted(first))))
                game.write(" ".join(map(str, sorted(second))))
                return
            sums[total] = grown
        delivered.append(cookie)


def played(build, problem, tests, player):
    """{test index: the contestant's output of an accepted session}."""
    interactor = build / "interactors" / problem / "interactor"
    sessions = {}
    with tempfile.TemporaryDirectory() as scratch:
        for index, test in enumerate(tests):
            game = Game(interactor, test, pathlib.Path(scratch))
            player(game)
            sessions[index] = game.finish()
    return sessions


class Fdp:
    """Builds inputs for libFuzzer's FuzzedDataProvider: the choices are read from the
    end of the input (the first choice is its last byte, a multi-byte value is read most
    significant byte first), the text is what is left at the front."""

    def __init__(self):
        self.tail = b""

    def byte(self, value):
        self.tail += bytes([value & 0xFF])
        return self

    def int64(self, value):
        self.tail += struct.pack(">Q", (value + 2**63) % 2**64)
        return self

    def uint64(self, value):
        self.tail += struct.pack(">Q", value)
        return self

    def build(self, text):
        return text + self.tail[::-1]


def line_seeds():
    bounds = [-(2**63), -(2**63) + 1, -1000000, -1, 0, 1, 2, 9, 1000, 10**16, 2**63 - 2, 2**63 - 1]

    def op(fdp, kind, low=None, high=None, choice=0):
        fdp.byte(kind)
        if low is None:
            fdp.byte(1).byte(0).byte(0)  # edge bounds, unused
        elif isinstance(low, int) and low in bounds and high in bounds:
            fdp.byte(1).byte(bounds.index(low)).byte(bounds.index(high))
        else:
            fdp.byte(0).int64(low).int64(high)
        fdp.byte(choice)

    seeds = {}
    # mode 0: a query, then its range error
    fdp = Fdp().byte(0).byte(0).int64(7).byte(4)
    op(fdp, 1, choice=0)
    op(fdp, 2, 1, 1000)
    op(fdp, 2, 1, 1000)
    op(fdp, 4)
    seeds["query-out-of-range"] = fdp.build(b"? 3 1001")
    # mode 0, a test-file line: a seed, then the end
    fdp = Fdp().byte(0).byte(1).int64(2).byte(3)
    op(fdp, 0)
    op(fdp, 3)
    op(fdp, 4)
    seeds["test-file-seed"] = fdp.build(b"random 18446744073709551615")
    # mode 0: integers at and past the 64-bit edges, not canonical ones
    fdp = Fdp().byte(0).byte(0).int64(1).byte(6)
    for _ in range(6):
        op(fdp, 2, -(2**63), 2**63 - 1)
    seeds["int-edges"] = fdp.build(b"-9223372036854775808 9223372036854775807 9223372036854775808 007 -0 +1")
    # mode 0: spacing errors, a shape, at_end, a failure of the problem's own
    fdp = Fdp().byte(0).byte(0).int64(3).byte(5)
    op(fdp, 7, choice=1)
    op(fdp, 0)
    op(fdp, 5)
    op(fdp, 1, choice=5)
    op(fdp, 6)
    seeds["double-space"] = fdp.build(b"!  1 2 ")
    fdp = Fdp().byte(0).byte(0).int64(-5).byte(2)
    op(fdp, 2, 123, -77)
    op(fdp, 0)
    seeds["garbage"] = fdp.build(bytes(range(1, 64)) + b"\xff\xfe\x00 12")
    # mode 1: a test file read line by line, one without its last '\n'
    fdp = Fdp().byte(1).byte(5)
    for operation in (0, 0, 1, 0, 2):
        fdp.byte(operation)
    seeds["test-file-lines"] = fdp.build(b"5\nfixed\n1 2 3 4 5\n")
    fdp = Fdp().byte(1).byte(3).byte(0).byte(0).byte(2)
    seeds["test-file-no-newline"] = fdp.build(b"2\nrandom 5")
    # mode 2: quoting garbage around a focus
    seeds["quote-garbage"] = Fdp().byte(2).uint64(40).byte(24).build(bytes(range(256)) * 2)
    seeds["quote-short"] = Fdp().byte(2).uint64(0).byte(72).build(b"? 1 'two' \\ \t\r")
    return seeds


def line_reader_seeds():
    def run(byte, count):  # 0xFE B H L: B repeated 32 * (H * 256 + L) + 1 times
        units = (count - 1) // 32
        return bytes([0xFE, byte, units >> 8, units & 0xFF])

    return {
        "lines-file-chunks": b"\x0c\x00? 1 2\n\n! 1 2\n",
        "lines-tiny-chunks": b"\x0c\x01? 1 2\n\n! 1 2\n",
        "limit-zero": b"\x00\x02\n\nx\n",
        "limit-five": b"\x04\x01abcde\nabcdef\n",
        "unterminated": b"\x06\x02abc\ndef",
        "read-error": b"\x06\x05abc\ndef\n",
        "crlf": b"\x06\x01? 1 2\r\n",
        "empty": b"\x0c\x00",
        "garbage": b"\x07\x02" + bytes(b for b in range(256) if b != 0xFE),
        "line-of-1-mib-plus-1": b"\x0c\x03" + run(ord("x"), 32 * 32768 + 1) + b"\n",
        "line-at-64-kib": b"\x09\x02" + run(ord("a"), 65537) + b"\nok\n",
        "long-then-short": b"\x0b\x03" + run(ord("7"), 99969) + b"\n1\n" + run(ord(" "), 100001),
    }


def testdata_seeds(problem):
    """The problem's own small test files, as seeds named testdata-<test>."""
    return {f"testdata-{path.stem}": path.read_bytes()
            for path in sorted((ROOT / "testdata" / problem).glob("*.in")) if path.stat().st_size < 8192}


def nuts_bolts_test_file_seeds():
    seeds = testdata_seeds("nuts-bolts")
    seeds.update({
        "bad-permutation": b"3\nfixed\n1 2 2\n3 2 1\n",
        "bad-mode": b"5\nshuffled 3\n",
        "strict-typo": b"5\nrandom 3 stric\n",
        "n-too-big": b"1001\nrandom 1\n",
        "seed-overflow": b"10\npunish 18446744073709551616\n",
        "trailing": b"10\nprobe 5 plain\n\n",
        "no-newline": b"2\nfixed\n1 2\n2 1",
    })
    return seeds


def egg_drop_test_file_seeds():
    seeds = testdata_seeds("egg-drop")
    seeds.update({
        "penalty-too-big": b"3\n1000000001\nfixed\n2 1 3\n",
        "repeat": b"3\n3\nfixed\n2 2 3\n",
        "short": b"3\n3\nfixed\n2 1\n",
        "mode": b"3\n3\nrandom\n",
        "negative-zero": b"3\n-0\nrandom 1\n",
    })
    return seeds


def twin_cookies_test_file_seeds():
    seeds = testdata_seeds("twin-cookies")
    seeds.update({
        "unknown-strategy": b"5\nadaptive 1\n",
        "no-seed": b"5\nmin\n",
        "n-zero": b"0\nrandom 1\n",
        "trailing-space": b"5\nspoiler 1 \n",
    })
    return seeds


def game_seeds(sessions, malformed):
    seeds = {f"accepted-test{index}": bytes([index]) + output.encode() for index, output in sessions.items()}
    for name, (index, output) in malformed.items():
        seeds[name] = bytes([index]) + output
    return seeds


def nuts_bolts_game_seeds(build):
    sample_queries = b"? 1 1\n? 2 2\n? 3 3\n? 4 4\n? 5 5\n? 1 4\n? 2 3\n? 3 2\n? 4 5\n? 5 1\n"
    return game_seeds(played(build, "nuts-bolts", NUTS_BOLTS_TESTS, play_nuts_bolts), {
        "sample": (0, sample_queries + b"! 4 3 2 5 1\n"),
        "wrong-matching": (0, sample_queries + b"! 4 3 2 1 5\n"),
        "bolt-twice": (0, b"! 4 3 2 4 1\n"),
        "out-of-range": (0, b"? 3 6\n"),
        "no-space": (0, b"?1 2\n"),
        "unterminated": (0, b"? 1 1\n! 4 3 2 5 1"),
        "ended": (0, b"? 1 1\n"),
        "over-the-limit": (0, b"? 1 1\n" * 59),
        "strict-unforced": (2, b"! 6 3 2 5 1 4\n"),
        "punish-guess": (3, b"? 1 1\n? 1 2\n? 2 1\n! 1 2 3 4 5 6\n"),
        "punish-12-guess": (7, b"? 1 1\n? 2 2\n? 3 3\n! 1 2 3 4 5 6 7 8 9 10 11 12\n"),
        "probe-over-the-limit": (6, b"? 1 1\n" * 78),
    })


def egg_drop_game_seeds(build):
    return game_seeds(played(build, "egg-drop", EGG_DROP_TESTS, play_egg_drop), {
        "sample": (0, b"? 2 1\n? 1 3\n? 3 2\n! 2 1 3\n"),
        "wrong": (0, b"! 1 2 3\n"),
        "floor-zero": (0, b"? 1 0\n"),
        "no-bang": (0, b"2 1 3\n"),
        "repeat": (0, b"! 2 2 3\n"),
        "too-many": (1, b"! 1 1\n"),
        "unterminated": (3, b"? 1 4\n? 1 1"),
    })


def twin_cookies_game_seeds(build):
    return game_seeds(played(build, "twin-cookies", TWIN_COOKIES_TESTS, play_twin_cookies), {
        "sample-one": (0, b"? 13\n? 7\n? 31\n? 12\n? 5\n? 3\n! 2 3\n7 13\n12 5 3\n"),
        "sample-two": (1, b"? 3 7\n? 2 8\n? 1 5\n! 2 1\n2 5\n7\n"),
        "unequal": (0, b"? 1\n? 2\n? 4\n! 1 2\n4\n1 2\n"),
        "never-delivered": (3, b"? 1 2\n? 3 4\n! 1 1\n2\n2\n"),
        "given-twice": (0, b"? 1\n? 2\n! 1 1\n1\n1\n"),
        "m-zero": (0, b"? 1\n! 0 1\n"),
        "repeat": (1, b"? 1 2\n? 2 3\n"),
        "too-big": (0, b"? 10000000000000001\n"),
        "leading-zero": (0, b"? 01\n"),
        "orders-101-then-one": (0, b"".join(b"? %d\n" % value for value in range(1, 103))),
        "overlong-line": (0, b"? 1\n! 1 1\n" + b"1 " * 1000 + b"\n"),
    })


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", type=pathlib.Path, required=True, help="cmake build tree with the interactors")
    args = parser.parse_args()
    corpora = {
        "line": line_seeds(),
        "line_reader": line_reader_seeds(),
        "nuts_bolts_test_file": nuts_bolts_test_file_seeds(),
        "egg_drop_test_file": egg_drop_test_file_seeds(),
        "twin_cookies_test_file": twin_cookies_test_file_seeds(),
        "nuts_bolts_game": nuts_bolts_game_seeds(args.build),
        "egg_drop_game": egg_drop_game_seeds(args.build),
        "twin_cookies_game": twin_cookies_game_seeds(args.build),
    }
    for target, seeds in corpora.items():
        folder = FUZZ_DIR / "corpus" / target
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("seed-*"):
            old.unlink()
        for name, data in seeds.items():
            (folder / f"seed-{name}").write_bytes(data)
        print(f"{target}: {len(seeds)} seeds")


if __name__ == "__main__":
    main()
