#pragma once
// Reads a whole file for the DOT and STG importers (internal to the library).
#include <fstream>
#include <sstream>
#include <string>

#include "config/input_error.hpp"

namespace aqlsim::taskgraph {

inline std::string read_text_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError({path, 0, 0}, "cannot open file");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace aqlsim::taskgraph
