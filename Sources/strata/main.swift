print("strata: nothing here yet")
