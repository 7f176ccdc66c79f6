// flickr-stub: a Flickr-compatible REST server on loopback (issue 5).
print("flickr-stub: not built yet")
