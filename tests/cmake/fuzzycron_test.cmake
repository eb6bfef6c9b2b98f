# fuzzycron_test(): the one way a test is declared, so a new test touches only
# its own directory's CMakeLists.txt.
#
#   fuzzycron_test(NAME name
#     SOURCES a_test.cc ...    # a GoogleTest program (target `name`): each TEST is a
#                              # ctest test of its own, Suite.Name
#     | COMMAND cmd args...    # a command (generator expressions, a program's target)
#     [LIBRARIES targets...]   # SOURCES: besides the ones every test program links
#     [DEFINITIONS defs...]    # SOURCES: compile definitions
#     [ENV VAR=value...]       # COMMAND: its environment (cmake -E env)
#     [WORKING_DIRECTORY dir] [LABELS labels...] [TIMEOUT s] [COST n]
#     [SKIP_RETURN_CODE n] [RUN_SERIAL])
#
# Every test gets the label of its directory (tests/hash: "hash") besides LABELS.
# A GoogleTest program links the library, its tools and what the tests read
# with, and knows where the data is (FUZZYCRON_DOCS_DIR, FUZZYCRON_VECTORS_DIR, ...).

# The conformance vectors, copied into the repository (tests/vectors/README.md).
file(GLOB vector_paths CONFIGURE_DEPENDS "${FUZZYCRON_TESTS_DIR}/vectors/*.jsonl")
set(vector_files "")
foreach(path IN LISTS vector_paths)
  get_filename_component(name "${path}" NAME)
  list(APPEND vector_files "${name}")
endforeach()
list(SORT vector_files)
list(JOIN vector_files "," vector_files)
set(FUZZYCRON_TEST_DEFINITIONS
    FUZZYCRON_DOCS_DIR="${PROJECT_SOURCE_DIR}/docs"
    FUZZYCRON_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    FUZZYCRON_VECTORS_DIR="${FUZZYCRON_TESTS_DIR}/vectors"
    FUZZYCRON_VECTOR_FILES="${vector_files}"
    FUZZYCRON_DEVIATIONS_FILE="${FUZZYCRON_TESTS_DIR}/deviations.txt"
    FUZZYCRON_REALWORLD_FILE="${FUZZYCRON_TESTS_DIR}/realworld/mirrors.tsv")

function(fuzzycron_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "RUN_SERIAL"
                        "NAME;WORKING_DIRECTORY;TIMEOUT;COST;SKIP_RETURN_CODE"
                        "SOURCES;COMMAND;LIBRARIES;DEFINITIONS;ENV;LABELS")
  if(NOT arg_NAME OR arg_UNPARSED_ARGUMENTS OR (arg_SOURCES AND arg_COMMAND) OR NOT (arg_SOURCES OR arg_COMMAND))
    message(FATAL_ERROR "fuzzycron_test(NAME ... SOURCES ...|COMMAND ...): ${ARGV}")
  endif()
  file(RELATIVE_PATH directory "${FUZZYCRON_TESTS_DIR}" "${CMAKE_CURRENT_SOURCE_DIR}")
  string(REGEX REPLACE "/.*" "" directory "${directory}")
  set(labels ${directory} ${arg_LABELS})

  if(arg_SOURCES)
    add_executable(${arg_NAME} ${arg_SOURCES})
    target_link_libraries(${arg_NAME} PRIVATE fuzzycron_warnings)
    target_include_directories(${arg_NAME} PRIVATE ${FUZZYCRON_TESTS_DIR})
    target_link_libraries(${arg_NAME} PRIVATE ${arg_LIBRARIES} fuzzycron_testing date::date-tz fmt::fmt
                                              nlohmann_json::nlohmann_json OpenSSL::Crypto LibXml2::LibXml2 PNG::PNG
                                              GTest::gtest_main)
    target_compile_definitions(${arg_NAME} PRIVATE ${FUZZYCRON_TEST_DEFINITIONS} ${arg_DEFINITIONS})
    set(properties LABELS "${labels}")
    foreach(p TIMEOUT COST SKIP_RETURN_CODE)
      if(DEFINED arg_${p})
        list(APPEND properties ${p} ${arg_${p}})
      endif()
    endforeach()
    gtest_discover_tests(${arg_NAME} DISCOVERY_TIMEOUT 60 PROPERTIES ${properties})
    return()
  endif()

  if(arg_ENV)
    set(arg_COMMAND ${CMAKE_COMMAND} -E env ${arg_ENV} ${arg_COMMAND})
  endif()
  if(arg_WORKING_DIRECTORY)
    add_test(NAME ${arg_NAME} COMMAND ${arg_COMMAND} WORKING_DIRECTORY ${arg_WORKING_DIRECTORY})
  else()
    add_test(NAME ${arg_NAME} COMMAND ${arg_COMMAND})
  endif()
  set_tests_properties(${arg_NAME} PROPERTIES LABELS "${labels}")
  foreach(p TIMEOUT COST SKIP_RETURN_CODE)
    if(DEFINED arg_${p})
      set_tests_properties(${arg_NAME} PROPERTIES ${p} ${arg_${p}})
    endif()
  endforeach()
  if(arg_RUN_SERIAL)
    set_tests_properties(${arg_NAME} PROPERTIES RUN_SERIAL ON)
  endif()
endfunction()

# fuzzycron_c_test(NAME name SOURCE file.c): a C11 program of the C API, linked
# as a C user links it (tests/c/check.h for CHECK), run as test `name`.
function(fuzzycron_c_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;SOURCE" "")
  set(target fuzzycron_${arg_NAME}_test)
  add_executable(${target} ${arg_SOURCE})
  set_target_properties(${target} PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF LINKER_LANGUAGE CXX)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  target_link_libraries(${target} PRIVATE fuzzycron_c)
  fuzzycron_test(NAME ${arg_NAME} COMMAND ${target})
endfunction()
