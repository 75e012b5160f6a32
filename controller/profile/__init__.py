"""Board profiles: the one description of a build (pads, LEDs and their chains, touch sensors,
pins, power) that the controller, the simulator and the firmware configuration all use."""

from controller.profile.load import DEFAULT_PROFILE, load_profile, profile_names
from controller.profile.model import Profile
from controller.profile.parse import ProfileError, parse_profile

__all__ = [
    "DEFAULT_PROFILE",
    "Profile",
    "ProfileError",
    "load_profile",
    "parse_profile",
    "profile_names",
]
