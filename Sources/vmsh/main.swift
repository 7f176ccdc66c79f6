print("vmsh")
