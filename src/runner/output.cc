#include "runner/output.h"

namespace fuzzycron::runner {

void LineSplitter::feed(std::string_view data, const Emit& emit) {
  while (!data.empty()) {
    const auto nl = data.find('\n');
    const std::size_t take = nl == std::string_view::npos ? data.size() : nl;
    const std::size_t room = kMaxRecord - partial_.size();
    if (take > room || (nl == std::string_view::npos && partial_.size() + take >= kMaxRecord)) {
      partial_.append(data.substr(0, std::min(take, room)));
      emit(partial_, true);
      partial_.clear();
      data.remove_prefix(std::min(take, room));
      continue;
    }
    partial_.append(data.substr(0, take));
    if (nl == std::string_view::npos) return;
    emit(partial_, false);
    partial_.clear();
    data.remove_prefix(nl + 1);
  }
}

void LineSplitter::flush(const Emit& emit) {
  if (partial_.empty()) return;
  emit(partial_, false);
  partial_.clear();
}

}  // namespace fuzzycron::runner
