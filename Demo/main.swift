import Networking

print("Networking demo: coming with the demo issue.")
