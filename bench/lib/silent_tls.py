"""A server on 127.0.0.1 that accepts connections and never answers.

Usage: silent_tls.py tcp | silent_tls.py tls CERT KEY | silent_tls.py flickr CERT KEY. Prints the port,
then one line per event
until killed: `accepted` (tcp: not a byte is sent, so a TLS client waits in its handshake), or
(tls) `handshake ok`, `handshake failed: reason` and `request` (read, never answered); and `closed`
when the client closes a connection it was waiting on (a request cancelled on the wire).
`flickr` answers flickr.photos.search over TLS with a page of 20 photos and holds every other
request, printing `held N` for the request on connection N and `closed N` when the client closes it.
"""
import itertools
import json
import socket
import ssl
import sys
import threading

SEARCH = json.dumps({"photos": {"page": 1, "pages": 1, "perpage": 100, "total": 20, "photo": [
    {"id": str(1000 + i), "owner": "1@N01", "secret": "abc", "server": "1", "farm": 1, "title": "Dog %d" % i,
     "ispublic": 1, "isfriend": 0, "isfamily": 0, "ownername": "owner"} for i in range(20)]}, "stat": "ok"}).encode()
connections = itertools.count(1)
printing = threading.Lock()


def say(event):
    """One event a line: print() from several threads at once can run two lines together."""
    with printing:
        sys.stdout.write(event + "\n")
        sys.stdout.flush()

held = []  # connections stay open, unanswered, for the life of the server


def serve(conn, context):
    try:
        tls = context.wrap_socket(conn, server_side=True)
    except (ssl.SSLError, OSError) as error:
        say("handshake failed: %s" % error)
        return
    say("handshake ok")
    held.append(tls)
    try:
        if tls.recv(65536):
            say("request")
    except OSError:
        pass


def flickr(conn, context):
    """Answers searches on this connection (keep-alive); holds the first other request, unanswered."""
    number = next(connections)
    try:
        tls = context.wrap_socket(conn, server_side=True)
        held.append(tls)
        while True:
            request = tls.recv(65536)
            if not request:
                break
            if b"method=flickr.photos.search" in request.split(b"\r\n", 1)[0]:
                tls.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
                            % len(SEARCH) + SEARCH)
                continue
            say("held %d" % number)
            while tls.recv(65536):
                pass
            say("closed %d" % number)
            return
    except (ssl.SSLError, OSError):
        pass


def hold(conn):
    say("accepted")
    held.append(conn)
    try:
        while conn.recv(65536):  # a TLS client hello, then nothing more
            pass
    except OSError:
        pass
    say("closed")


def main():
    context = None
    if sys.argv[1] in ("tls", "flickr"):
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[2], sys.argv[3])
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    say(str(listener.getsockname()[1]))
    while True:
        conn, _ = listener.accept()
        if context is None:
            threading.Thread(target=hold, args=(conn,), daemon=True).start()
        elif sys.argv[1] == "flickr":
            threading.Thread(target=flickr, args=(conn, context), daemon=True).start()
        else:
            threading.Thread(target=serve, args=(conn, context), daemon=True).start()


main()
