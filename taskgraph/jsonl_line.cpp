#include "taskgraph/jsonl_line.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "config/identifier.hpp"

namespace aqlsim::taskgraph {
namespace {

using Json = nlohmann::json;

// The SAX events of one line, taken while they fit a task or edge line: one flat object of
// known keys, each once, whose values are strings, numbers or (`after`) a list of strings.
// Returning false stops the parse.
class LineHandler {
 public:
  explicit LineHandler(JsonlLine& line) : line_(&line) {}

  bool start_object(std::size_t) { return depth_++ == 0; }
  bool end_object() { return --depth_ == 0; }
  bool key(std::string& name) {
    key_ = key_of(name);
    if (key_ == Key::unknown || (seen_ & bit(key_))) return false;
    seen_ |= bit(key_);
    return true;
  }
  bool string(std::string& text) {
    if (in_after_) {
      line_->after->push_back(std::move(text));
      return true;
    }
    std::optional<std::string>* field = string_field();
    if (field == nullptr) return false;
    *field = std::move(text);
    return true;
  }
  bool number_integer(std::int64_t value) { return integer(value); }
  bool number_unsigned(std::uint64_t value) {
    return value <= static_cast<std::uint64_t>(kMaxTaskWorkgroups)
               ? integer(static_cast<std::int64_t>(value))
               : number(static_cast<double>(value));
  }
  bool number_float(double value, const std::string&) { return number(value); }
  bool start_array(std::size_t) {
    if (in_after_ || key_ != Key::after) return false;
    in_after_ = true;
    line_->after.emplace();
    return true;
  }
  bool end_array() {
    in_after_ = false;
    return true;
  }
  bool null() { return false; }
  bool boolean(bool) { return false; }
  bool binary(Json::binary_t&) { return false; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) {
    return false;
  }

 private:
  enum class Key { id, kernel, from, to, cost, workgroups, after, unknown };
  static Key key_of(std::string_view name) {
    for (const auto& [text, key] :
         {std::pair{"id", Key::id}, std::pair{"kernel", Key::kernel}, std::pair{"from", Key::from},
          std::pair{"to", Key::to}, std::pair{"cost", Key::cost},
          std::pair{"workgroups", Key::workgroups}, std::pair{"after", Key::after}}) {
      if (name == text) return key;
    }
    return Key::unknown;
  }
  static unsigned bit(Key key) { return 1u << static_cast<unsigned>(key); }

  std::optional<std::string>* string_field() {
    switch (key_) {
      case Key::id:
        return &line_->id;
      case Key::kernel:
        return &line_->kernel;
      case Key::from:
        return &line_->from;
      case Key::to:
        return &line_->to;
      default:
        return nullptr;
    }
  }
  bool integer(std::int64_t value) {
    if (key_ != Key::workgroups) return number(static_cast<double>(value));
    if (in_after_ || value < 1 || value > kMaxTaskWorkgroups) return false;
    line_->workgroups = value;
    return true;
  }
  bool number(double value) {
    if (key_ != Key::cost || in_after_ || !std::isfinite(value) || value < 0) return false;
    line_->cost = value;
    return true;
  }

  JsonlLine* line_;
  int depth_ = 0;
  Key key_ = Key::unknown;
  unsigned seen_ = 0;
  bool in_after_ = false;
};

bool valid_names(const JsonlLine& line) {
  const auto name_ok = [](const std::optional<std::string>& name) {
    return !name || is_identifier(*name);
  };
  if (!name_ok(line.id) || !name_ok(line.kernel) || !name_ok(line.from) || !name_ok(line.to))
    return false;
  return !line.after || std::ranges::all_of(*line.after, is_identifier);
}

// The keys a task line or an edge line may have, and must.
bool valid_keys(const JsonlLine& line) {
  if (line.id) return !line.from && !line.to;
  return line.from && line.to && !line.kernel && !line.workgroups && !line.after;
}

}  // namespace

std::optional<JsonlLine> read_valid_jsonl_line(std::string_view text) {
  JsonlLine line;
  LineHandler handler(line);
  bool parsed = false;
  try {
    parsed = Json::sax_parse(text.begin(), text.end(), &handler);
  } catch (const Json::exception&) {
    return std::nullopt;
  }
  if (!parsed || !valid_keys(line) || !valid_names(line)) return std::nullopt;
  return line;
}

}  // namespace aqlsim::taskgraph
