# The PyScript entry script: everything else lives in the rituels package (unpacked from
# rituels.zip by pyscript.toml). The app sets data-ready on <html> once it is live.
from rituels.app.main import start

start()
