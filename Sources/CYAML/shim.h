// The system libyaml (libyaml-dev / brew libyaml), found through pkg-config `yaml-0.1`.
// Only CodableYAML imports this module.
#include <yaml.h>
