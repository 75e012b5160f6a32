/* How the compiled searches (kaskade/_core.c, _solitaire_core.c) keep to a Python budget: they
 * run without the interpreter's lock and, every so many steps, take it back to report the
 * steps done to check(steps) and learn whether to stop. */

#ifndef KASKADE_BUDGET_H
#define KASKADE_BUDGET_H

#include <Python.h>

static void ask_budget(PyObject *check, long *pending, PyThreadState **thread, int *stop,
                       int *failed) {
    /* Report *pending steps; *stop when check says so or raised (then *failed too: its
     * exception goes on to the caller). */
    PyEval_RestoreThread(*thread);
    PyObject *answer = PyObject_CallFunction(check, "l", *pending);
    *pending = 0;
    if (!answer) {
        *stop = *failed = 1;
    } else {
        int truth = PyObject_IsTrue(answer);
        Py_DECREF(answer);
        if (truth) *stop = 1;
        if (truth < 0) *failed = 1;
    }
    *thread = PyEval_SaveThread();
}

#endif
