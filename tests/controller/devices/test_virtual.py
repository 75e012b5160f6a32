"""The inputs driven by code (the mock's and the simulator's) report only once started."""

import pytest

from controller.devices.virtual import NotStartedError, VirtualTouches


def test_input_before_start_is_an_error():
    with pytest.raises(NotStartedError, match="before start"):
        VirtualTouches().down(3)
