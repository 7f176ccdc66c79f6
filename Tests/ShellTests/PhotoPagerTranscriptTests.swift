import ShellTestSupport
import TestSupport
import Testing

/// The photo pager, its active/inactive lifecycle and the gallery, as a script sees them.
@MainActor
struct PhotoPagerTranscriptTests: FakeShellSuite {
    let fake = FakeShell()

    @Test func openShowsLoadingThenDetailsPagingAwayCancelsAndBackShowsTheMetadataGatheredMeanwhile() {
        let (transcript, status) = script(
            "search sunset\nwait 500ms\nopen 2\nwait 1s\nnext\nwait 100ms\nprev\nwait 2s\nstack\nback")
        #expect(
            transcript == """
                \(FakeTranscript.sunsetSearch(wait: "500ms"))
                > open 2
                [00:00.500] push PhotoPagerViewModel "Angry \u{FFFD}[31msky"
                [00:00.500] photo 2 of 3: "Angry \u{FFFD}[31msky" by Owner
                [00:00.500]   loading…
                > wait 1s
                [00:00.750] photo 2 "Angry \u{FFFD}[31msky": details
                [00:00.750]   owner        Owner (o@N01)
                [00:00.750]   taken        2014-05-13 16:53:20 UTC
                [00:00.750]   posted       2014-05-14 16:53:22 UTC
                [00:00.750]   description  "Seen from the roof \u{FFFD}[2J"
                [00:00.750]   tags         sky p2
                [00:00.750]   views        1,002
                [00:00.750]   sizes        Square 75, Thumbnail 100 (px, longest edge)
                [00:00.750]   image        https://live.staticflickr.com/1/p2_abc_t.jpg
                [00:00.750]   page         https://www.flickr.com/photos/o@N01/p2/
                > next
                [00:01.500] photo 3 of 3: "Photo 3" by Owner
                [00:01.500]   loading…
                > wait 100ms
                > prev
                [00:01.600] photo 3 "Photo 3": inactive, details fetch cancelled
                [00:01.600] photo 2 of 3: "Angry \u{FFFD}[31msky" by Owner
                [00:01.600]   loading…
                > wait 2s
                [00:01.850] photo 2 "Angry \u{FFFD}[31msky": details
                [00:01.850]   owner        Owner (o@N01)
                [00:01.850]   taken        2014-05-13 16:53:20 UTC
                [00:01.850]   posted       2014-05-14 16:53:22 UTC
                [00:01.850]   description  "Seen from the roof \u{FFFD}[2J"
                [00:01.850]   tags         sky p2
                [00:01.850]   views        1,002
                [00:01.850]   sizes        Square 75, Thumbnail 100 (px, longest edge)
                [00:01.850]   image        https://live.staticflickr.com/1/p2_abc_t.jpg
                [00:01.850]   page         https://www.flickr.com/photos/o@N01/p2/
                > stack
                [00:03.600]   1  SearchViewModel "Flickr Search" (inactive)
                [00:03.600]   2  SearchResultsViewModel "sunset" (inactive)
                [00:03.600]   3  PhotoPagerViewModel "Angry \u{FFFD}[31msky" (active)
                > back
                [00:03.600] pop PhotoPagerViewModel "Angry \u{FFFD}[31msky"
                [00:03.600] "sunset": 3 of 30 photos
                [00:03.600]   1  "Photo 1" by Owner · 40 favorites, 7 comments
                [00:03.600]   2  "Angry \u{FFFD}[31msky" by Owner · 40 favorites, 7 comments
                [00:03.600]   3  "Photo 3" by Owner · 40 favorites, 7 comments
                [00:03.600] rows 1-3 of 3 visible

                """)
        #expect(status == 0)
    }

    @Test func aFailedFetchShowsTheErrorAndLoadingEnds() {
        service.failDetails = true
        let (transcript, status) = script("search sunset\nwait 500ms\nopen 1\nwait 1s\ninspect")
        #expect(
            transcript == """
                \(FakeTranscript.sunsetSearch(wait: "500ms"))
                > open 1
                [00:00.500] push PhotoPagerViewModel "Photo 1"
                [00:00.500] photo 1 of 3: "Photo 1" by Owner
                [00:00.500]   loading…
                > wait 1s
                [00:00.750] photo 1 "Photo 1": could not load the details (the network is offline)
                > inspect
                [00:01.500] PhotoPagerViewModel
                [00:01.500]   title (initialPhotoName)  "Photo 1"
                [00:01.500]   photos                    3
                [00:01.500]   index                     0 (photo 1)
                [00:01.500]   current                   PhotoViewModel "Photo 1"
                [00:01.500]   current.isActive          true
                [00:01.500]   current.isLoading         false
                [00:01.500]   current.details           nil
                [00:01.500]   current.loadError         "the network is offline"
                [00:01.500] -- end of input: waiting for 6 timers --

                """)
        #expect(status == 0)
    }

    @Test func misuseAndTheEndsOfThePagerFailWithOneLineEach() {
        let (transcript, status) = script(
            "next\nprev\npopular now\nsearch sunset\nwait 500ms\nopen 4\nopen 0\nopen 3\nprev extra\nnext\nopen 1\nprev\nprev\nprev"
        )
        #expect(
            transcript == """
                > next
                ERR vmsh: -c:1: next works in the photo pager; open N on a results list or the gallery first
                > prev
                ERR vmsh: -c:2: prev works in the photo pager; open N on a results list or the gallery first
                > popular now
                ERR vmsh: -c:3: popular takes no arguments; to search for a text: search TEXT
                \(FakeTranscript.sunsetSearch(wait: "500ms"))
                > open 4
                ERR vmsh: -c:6: no row 4: the results have rows 1-3
                > open 0
                ERR vmsh: -c:7: no row 0: the results have rows 1-3
                > open 3
                [00:00.500] push PhotoPagerViewModel "Photo 3"
                [00:00.500] photo 3 of 3: "Photo 3" by Owner
                [00:00.500]   loading…
                > prev extra
                ERR vmsh: -c:9: prev takes no arguments
                > next
                ERR vmsh: -c:10: already at the last photo (3 of 3): there is no next one
                > open 1
                ERR vmsh: -c:11: open works on a results list, the gallery, or the recent searches at the root; 'back' returns there
                > prev
                [00:00.500] photo 3 "Photo 3": inactive, details fetch cancelled
                [00:00.500] photo 2 of 3: "Angry \u{FFFD}[31msky" by Owner
                [00:00.500]   loading…
                > prev
                [00:00.500] photo 2 "Angry \u{FFFD}[31msky": inactive, details fetch cancelled
                [00:00.500] photo 1 of 3: "Photo 1" by Owner
                [00:00.500]   loading…
                > prev
                ERR vmsh: -c:14: already at the first photo (1 of 3): there is no previous one
                [00:00.500] -- end of input: waiting for 4 timers --
                [00:00.750] photo 1 "Photo 1": details
                [00:00.750]   owner        Owner (o@N01)
                [00:00.750]   taken        2014-05-13 16:53:20 UTC
                [00:00.750]   posted       2014-05-14 16:53:21 UTC
                [00:00.750]   description  "Seen from the roof \u{FFFD}[2J"
                [00:00.750]   tags         sky p1
                [00:00.750]   views        1,001
                [00:00.750]   sizes        Square 75, Thumbnail 100 (px, longest edge)
                [00:00.750]   image        https://live.staticflickr.com/1/p1_abc_t.jpg
                [00:00.750]   page         https://www.flickr.com/photos/o@N01/p1/

                """)
        #expect(status == 1)
    }

    @Test func aSearchWithNoPhotosHasNothingToOpenAndIsRecentAsNoPhotos() {
        service.photoCount = 0
        let (transcript, status) = script("search nothing\nwait 500ms\nopen 1\nback")
        #expect(
            transcript == """
                > search nothing
                [00:00.000] searchText = "nothing"
                [00:00.000] isSearchValid = true
                [00:00.000] executing = true
                > wait 500ms
                [00:00.400] push SearchResultsViewModel "nothing"
                [00:00.400] "nothing": no photos
                [00:00.400] executing = false
                > open 1
                ERR vmsh: -c:3: the results are empty: no photo to open
                > back
                [00:00.500] pop SearchResultsViewModel "nothing"
                [00:00.500] Flickr Search
                [00:00.500]   searchText "nothing" (valid)
                [00:00.500]   recent searches:
                [00:00.500]   1  "nothing" · no photos

                """)
        #expect(status == 1)
    }

    @Test func popularPushesAGalleryThatLoadsOnceActiveAndOpensThePager() {
        let (transcript, status) = script("popular\nwait 1s\nopen 3\nwait 1s\nback\nstack")
        #expect(
            transcript == """
                > popular
                [00:00.000] push GalleryViewModel "Popular photos"
                [00:00.000] "Popular photos": loading…
                > wait 1s
                [00:00.400] "Popular photos": 3 photos
                [00:00.400]   1  "Photo 1" by Owner
                [00:00.400]   2  "Angry \u{FFFD}[31msky" by Owner
                [00:00.400]   3  "Photo 3" by Owner
                [00:00.400] rows 1-3 of 3 shown; open N pages through all 3
                > open 3
                [00:01.000] push PhotoPagerViewModel "Photo 3"
                [00:01.000] photo 3 of 3: "Photo 3" by Owner
                [00:01.000]   loading…
                > wait 1s
                [00:01.250] photo 3 "Photo 3": details
                [00:01.250]   owner        Owner (o@N01)
                [00:01.250]   taken        2014-05-13 16:53:20 UTC
                [00:01.250]   posted       2014-05-14 16:53:23 UTC
                [00:01.250]   description  "Seen from the roof \u{FFFD}[2J"
                [00:01.250]   tags         sky p3
                [00:01.250]   views        1,003
                [00:01.250]   sizes        Square 75, Thumbnail 100 (px, longest edge)
                [00:01.250]   image        https://live.staticflickr.com/1/p3_abc_t.jpg
                [00:01.250]   page         https://www.flickr.com/photos/o@N01/p3/
                > back
                [00:02.000] pop PhotoPagerViewModel "Photo 3"
                [00:02.000] "Popular photos": 3 photos
                [00:02.000]   1  "Photo 1" by Owner
                [00:02.000]   2  "Angry \u{FFFD}[31msky" by Owner
                [00:02.000]   3  "Photo 3" by Owner
                [00:02.000] rows 1-3 of 3 shown; open N pages through all 3
                > stack
                [00:02.000]   1  SearchViewModel "Flickr Search" (inactive)
                [00:02.000]   2  GalleryViewModel "Popular photos" (active)

                """)
        #expect(status == 0)
    }

    @Test func aGalleryThatCannotLoadIsEmptyWithTheReason() {
        service.failPopular = true
        let (transcript, status) = script("popular\nopen 1\nwait 1s\nopen 1\nshow")
        #expect(
            transcript == """
                > popular
                [00:00.000] push GalleryViewModel "Popular photos"
                [00:00.000] "Popular photos": loading…
                > open 1
                ERR vmsh: -c:2: the gallery is still loading: wait, then open N
                > wait 1s
                [00:00.400] "Popular photos": no photos (could not load them: the network is offline)
                > open 1
                ERR vmsh: -c:4: the gallery is empty: no photo to open ('popular' loads it again)
                > show
                [00:01.000] "Popular photos": no photos (could not load them: the network is offline)

                """)
        #expect(status == 1)
    }

    @Test func aPoppedPagerAndItsPhotosAreFreed() {
        let (transcript, status) = script("search sunset\nwait 500ms\nopen 1\nnext\nback\nstats")
        #expect(
            transcript == """
                \(FakeTranscript.sunsetSearch(wait: "500ms"))
                > open 1
                [00:00.500] push PhotoPagerViewModel "Photo 1"
                [00:00.500] photo 1 of 3: "Photo 1" by Owner
                [00:00.500]   loading…
                > next
                [00:00.500] photo 1 "Photo 1": inactive, details fetch cancelled
                [00:00.500] photo 2 of 3: "Angry \u{FFFD}[31msky" by Owner
                [00:00.500]   loading…
                > back
                [00:00.500] pop PhotoPagerViewModel "Photo 1"
                [00:00.500] "sunset": 3 of 30 photos
                [00:00.500]   1  "Photo 1" by Owner
                [00:00.500]   2  "Angry \u{FFFD}[31msky" by Owner
                [00:00.500]   3  "Photo 3" by Owner
                [00:00.500] rows 1-3 of 3 visible
                > stats
                [00:00.500] metadata calls saved by the visibility delay: 0
                [00:00.500] live ViewModels
                [00:00.500]   SearchViewModel         1
                [00:00.500]   PhotoItemViewModel      3
                [00:00.500]   SearchResultsViewModel  1
                [00:00.500] -- end of input: waiting for 3 timers --
                [00:01.700] row 1 "Photo 1": 40 favorites, 7 comments
                [00:01.700] row 2 "Angry \u{FFFD}[31msky": 40 favorites, 7 comments
                [00:01.700] row 3 "Photo 3": 40 favorites, 7 comments

                """)
        #expect(status == 0)
    }
}
