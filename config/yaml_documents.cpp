#include "config/yaml_documents.hpp"

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <cctype>
#include <optional>
#include <sstream>

#include "config/input_error.hpp"

namespace aqlsim {
namespace {

// Notes where each document starts and the first value a document after the first holds. Events
// only: no node is built, so the pass costs a fraction of the load that follows it.
class DocumentWatch : public YAML::EventHandler {
 public:
  std::optional<YAML::Mark> start;        // of the document being read
  std::optional<YAML::Mark> later_value;  // the first value of a document after the first
  int documents = 0;

  void OnDocumentStart(const YAML::Mark& mark) override {
    start = mark;
    ++documents;
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { value_at(mark); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                const std::string&) override {
    value_at(mark);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    value_at(mark);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    value_at(mark);
  }
  void OnMapEnd() override {}

 private:
  void value_at(const YAML::Mark& mark) {
    if (documents > 1 && !later_value) later_value = mark;
  }
};

SourceLocation located(const std::string& name, const YAML::Mark& mark) {
  return {name, mark.line + 1, mark.column + 1};
}

}  // namespace

void check_one_document(const std::string& text, const std::string& name) {
  std::istringstream stream(text);
  YAML::Parser parser(stream);
  DocumentWatch watch;
  std::optional<YAML::Mark> previous_start;
  while (parser.HandleNextDocument(watch)) {
    if (watch.later_value) {
      throw InputError(located(name, *watch.later_value),
                       "a second YAML document (after `---`): a file holds one");
    }
    // yaml-cpp 0.7 neither consumes nor reports a token such as a stray `,` at the top level: it
    // reads an empty document there, and again, for ever.
    if (previous_start && watch.start && watch.start->pos == previous_start->pos) {
      const auto pos = static_cast<std::size_t>(watch.start->pos);
      const char c = pos < text.size() ? text[pos] : ' ';
      throw InputError(located(name, *watch.start),
                       std::isgraph(static_cast<unsigned char>(c))
                           ? fmt::format("'{}' cannot stand here: the YAML reader stops", c)
                           : std::string("the YAML reader cannot read on from here"));
    }
    previous_start = watch.start;
  }
}

}  // namespace aqlsim
