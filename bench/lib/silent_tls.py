"""A TLS server on 127.0.0.1 that completes handshakes, reads requests and never answers.

Usage: silent_tls.py CERT KEY; prints the port, then one line per event (handshake ok,
handshake failed: reason, request) on standard output until killed.
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


def main():
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[1], sys.argv[2])
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    print(listener.getsockname()[1], flush=True)
    while True:
        conn, _ = listener.accept()
        threading.Thread(target=serve, args=(conn, context), daemon=True).start()


main()
