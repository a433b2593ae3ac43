#pragma once
// The frame every report page shares: one self-contained HTML file with inline CSS and inline
// SVG, no scripts, and a Content-Security-Policy that forbids loading anything, so the page
// opens offline and cannot reach the network.
#include <string>
#include <string_view>
#include <vector>

namespace aqlsim::report {

std::string page_begin(std::string_view title);
std::string page_end();

// A <table> with a header row; every cell is escaped. Numeric-looking columns are
// right-aligned by the stylesheet when `numeric` is set for them.
std::string table(const std::vector<std::string>& header,
                  const std::vector<std::vector<std::string>>& rows,
                  const std::vector<bool>& numeric = {});

// A <p class="note"> with escaped text.
std::string note(std::string_view text);

}  // namespace aqlsim::report
