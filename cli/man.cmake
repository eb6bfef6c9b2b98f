# cmake -DFUZZYCRON=path -DHELP2MAN=path -DOUT=fuzzycron.1.gz -P man.cmake
# The man page of the fuzzycron command: help2man reads `fuzzycron --help` and
# `--version`; every subcommand's --help goes in as a COMMANDS section.
get_filename_component(dir "${OUT}" DIRECTORY)
set(include "${dir}/fuzzycron.h2m")
set(text "[COMMANDS]\n")
foreach(cmd next prev explain lint spread resolve offset batch)
  execute_process(COMMAND "${FUZZYCRON}" ${cmd} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "fuzzycron ${cmd} --help failed (${rc})")
  endif()
  # roff: a leading dot or quote would start a request; backslashes escape.
  string(REPLACE "\\" "\\e" help "${help}")
  string(REGEX REPLACE "\n([.'])" "\n\\\\&\\1" help "${help}")
  string(APPEND text ".SS \"fuzzycron ${cmd}\"\n.nf\n${help}.fi\n")
endforeach()
string(APPEND text "[SEE ALSO]\ncrontab(5), cron(8), systemd.time(7)\n")
file(WRITE "${include}" "${text}")
execute_process(
  COMMAND "${HELP2MAN}" --no-info --no-discard-stderr --section=1
          "--name=cron schedules that spread load deterministically"
          "--include=${include}" --output=${dir}/fuzzycron.1 "${FUZZYCRON}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed (${rc})")
endif()
# Compressed with no name or time stamp inside, as Debian wants man pages.
execute_process(COMMAND gzip -9nf "${dir}/fuzzycron.1" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip failed (${rc})")
endif()
