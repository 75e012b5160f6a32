"""The simulator's front ends, the runners a person or a script uses: the window, the terminal,
the headless runner in virtual time and the live one in real time, their touch scripts, and the
pictures they draw (for the screen, PNG files and the documentation)."""
