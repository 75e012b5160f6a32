"""A test runner small enough for MicroPython: runs every ``test_*`` function of a module and
prints one line per test and a summary the CPython side checks."""

import sys


def run(namespace):
    passed = failed = 0
    for name in sorted(namespace):
        if not name.startswith("test_"):
            continue
        try:
            namespace[name]()
        except Exception as error:
            failed += 1
            print("FAIL", name)
            sys.print_exception(error)
        else:
            passed += 1
            print("PASS", name)
    print("SUMMARY", passed, failed)
