"""A server on 127.0.0.1 that accepts connections and never answers.

Usage: silent_tls.py tcp | silent_tls.py tls CERT KEY. Prints the port, then one line per event
until killed: `accepted` (tcp: not a byte is sent, so a TLS client waits in its handshake), or
(tls) `handshake ok`, `handshake failed: reason` and `request` (read, never answered).
"""
import socket
import ssl
import sys
import threading

held = []  # connections stay open, unanswered, for the life of the server


def serve(conn, context):
    try:
        tls = context.wrap_socket(conn, server_side=True)
    except (ssl.SSLError, OSError) as error:
        print("handshake failed: %s" % error, flush=True)
        return
    print("handshake ok", flush=True)
    held.append(tls)
    try:
        if tls.recv(65536):
            print("request", flush=True)
    except OSError:
        pass


def hold(conn):
    print("accepted", flush=True)
    held.append(conn)


def main():
    context = None
    if sys.argv[1] == "tls":
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[2], sys.argv[3])
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    print(listener.getsockname()[1], flush=True)
    while True:
        conn, _ = listener.accept()
        if context is None:
            hold(conn)
        else:
            threading.Thread(target=serve, args=(conn, context), daemon=True).start()


main()
