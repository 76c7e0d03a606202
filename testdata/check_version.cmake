# cli.version: `judge --version` prints "judge X.Y.Z" and exits 0 (no subcommand needed).
execute_process(COMMAND ${JUDGE} --version RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "judge --version exited with ${status}: ${out}${err}")
endif()
if(NOT out MATCHES "^judge [0-9]+\\.[0-9]+\\.[0-9]+\n$")
  message(FATAL_ERROR "judge --version printed '${out}', not 'judge X.Y.Z'")
endif()
