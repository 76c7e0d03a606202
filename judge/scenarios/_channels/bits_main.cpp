// The probe as a submission of the CMS task bits (testdata/cms/bits: process 0
// encodes a number into at most 10 bits for the manager, process 1 decodes them), as
// the red team wrote it (issue 45): the encoder sends no bit at all, and puts the
// number into the channel instead (scripts/test_channels.py appends this to
// channels.hpp after `#define PROBE_CHANNEL "..."`). A decoder that answers right
// learned it around the manager.
std::vector<int> encode(int x) {
  probe::send(PROBE_CHANNEL, x);
  return {};
}

int decode(const std::vector<int>&) { return probe::receive(PROBE_CHANNEL, 500, -2); }
