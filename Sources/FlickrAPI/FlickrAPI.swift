// The Flickr REST client (issue 5); see FlickrClient.swift once written.
