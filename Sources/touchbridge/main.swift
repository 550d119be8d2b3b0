print("touchbridge")
