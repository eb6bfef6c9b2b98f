# cmake -DREADME=README.md -DEXAMPLE=examples/readme.cc -P readme_example.cmake
# The README's library example is examples/readme.cc, which the build compiles
# and the consumer test runs: the README must show it as written.
file(READ "${README}" readme)
file(READ "${EXAMPLE}" example)
string(FIND "${readme}" "```cpp\n${example}```" at)
if(at EQUAL -1)
  message(FATAL_ERROR "README.md does not show ${EXAMPLE} verbatim in a ```cpp block")
endif()
