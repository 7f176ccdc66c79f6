"""What every figure needs: the binaries, a scratch directory, an isolated environment, the mode."""
import os
import subprocess

from measure import Callgrind

# Common title words of the embedded catalog (its "common" tier, less the three-letter words a
# search refuses): every one finds hundreds of photos among 20,000.
COMMON_WORDS = ["sunset", "beach", "mountain", "city", "night", "flower", "bird", "bridge",
                "river", "snow", "forest", "lake", "street", "portrait", "rain", "autumn", "tree"]
# Ordinary subjects, for a wider spread of match counts at scale (more than 3 letters: a shorter
# text is not a valid search).
ORDINARY_WORDS = ["ocean", "shore", "cloud", "sunrise", "winter", "summer", "spring", "garden", "park",
                  "building", "church", "castle", "tower", "harbor", "boat", "train", "cars", "road",
                  "shadow", "reflection", "water", "waterfall", "desert", "island", "valley", "hill"]


class Context:
    def __init__(self, vmsh, stub, chain, hello, work, out, quick):
        self.vmsh, self.stub, self.chain, self.hello = vmsh, stub, chain, hello
        self.work, self.out, self.quick = work, out, quick
        home = os.path.join(work, "home")
        os.makedirs(home, exist_ok=True)
        # vmsh keeps its catalog, state and history under these: never the user's own.
        self.env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"),
                        XDG_STATE_HOME=os.path.join(home, "state"), XDG_CONFIG_HOME=os.path.join(home, "config"),
                        NO_COLOR="1")
        self.env.pop("FLICKR_API_KEY", None)
        self.callgrind = Callgrind(out)
        self.help = subprocess.run([vmsh, "--help"], capture_output=True, text=True, env=self.env).stdout
        self.catalog = os.path.join(work, "catalog-20k.sqlite")

    def n(self, full, quick):
        """A run count or size: the full one, or the smaller one of --quick."""
        return quick if self.quick else full

    def has_flag(self, flag):
        return flag in self.help

    def vmsh_script(self, *flags):
        """The command that runs a script from standard input on the 20,000-photo catalog."""
        return [self.vmsh, "--no-rc", "--catalog", self.catalog] + list(flags)

    def prepare(self):
        """Generates the 20,000-photo catalog once, so no timed run pays for it."""
        subprocess.run([self.vmsh, "--no-rc", "--catalog", self.catalog, "-c", "quit"], env=self.env,
                       check=True, capture_output=True)
        subprocess.run([self.vmsh, "--no-rc", "-c", "quit"], env=self.env, check=True, capture_output=True)
