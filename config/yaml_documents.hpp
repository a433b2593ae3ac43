#pragma once
// A YAML file holds one document: this pass finds a second one, and a token the reader cannot get
// past, before the first document is built.

#include <string>

namespace aqlsim {

// Throws InputError at a non-empty document after the first, or where the reader stops making
// progress; lets yaml-cpp's exceptions (syntax errors anywhere in the file) through.
void check_one_document(const std::string& text, const std::string& name);

}  // namespace aqlsim
