#!/usr/bin/env python3
"""A paginated JSON API on 127.0.0.1 for codable's end-to-end tests.

Listens on an ephemeral port and prints it as the first line of standard output; stops when
standard input closes (so a test that dies leaves no server behind) or on SIGTERM.

Routes (records are {"page": N, "i": K}):
  /pages/N?last=L&size=S   page N of L, S records, "next" relative ("N+1?last=L&size=S"),
                           null on the last page
  /absolute/N?last=L       like /pages, with an absolute next URL and a hasMorePages flag
  /flaky/N?last=L          each page answers 503 twice, then serves
  /limited/N?last=L&status=S
                           each page answers S (429) with Retry-After: 1 once, then serves
  /limited-date/N?last=L   the same with Retry-After as an HTTP date 1 s ahead
  /loop/N                  page 1 names 2, page 2 names 1 (a cycle)
  /slow                    answers after 5 s
  /reset/N?last=L&times=T&from=F
                           like /pages, but the first T (1) requests of each page from page F
                           (1) on send the headers and half the body, then reset the connection
  /truncated/N?last=L&times=T&from=F
                           the same, but the connection is closed (FIN) with the body short of
                           its Content-Length
  /headers                 401 unless X-Token: secret and Accept-Language: fr
  /always-503              503, always
  /missing                 404
  /redirect-file           302 to file:///etc/passwd
  /redirect-page           302 to /pages/1?last=2
  /endless/N               pages without end
  /peer/N?last=L           {"items": [{"page": N, "port": P}], "next": ...}: P is the client's
                           port, the same for requests over one kept-alive connection
  /numbered?page=N&last=L&size=S
                           {"items": [...], "hasMorePages": N<L, "nextPage": N+1}: the next page
                           as a number, to go into ?page=
  /cursor?cursor=C&last=L  {"data": [...], "meta": {"next_cursor": ...}}: C is base64 of
                           "user:N~~>" (a "+" in it), absent for page 1; null on page L
  /counted?page=N&last=L&size=S
                           {"items": [...]} with S records up to page L, then none (page 1
                           when ?page= is absent)
  /offset?offset=O&limit=S&total=T
                           {"results": [...]}: records O to O+S-1 of T ({"n": K}), fewer at the end
  /linked?page=N&last=L&wrap=W
                           a bare array of 2 records (or {"items": [...]} with wrap=1) and a
                           Link header: rel="first" (absolute), then rel="next" relative
                           ("?page=N+1&..."), absent on page L; with loop=1 it names page 1
  /ratelimited/N?last=L&reset=R&epoch=E
                           like /pages, each page but the last with X-RateLimit-Remaining: 0
                           and X-RateLimit-Reset: R (seconds), or now + R as epoch seconds
                           when E is given
  /lines.jsonl?bad=K       JSON Lines: {"i": 1} to {"i": 4}, line K malformed
  /garbled                 an envelope {"items": [...], "next": null} malformed in its second item
  /requests                the paths requested so far, as a JSON array (not logged itself)
  /schemas/person.json     a JSON Schema whose "address" is a $ref to address.json beside it
  /schemas/address.json    the schema it refers to
  /schemas/flaky.json      503 twice, then the person schema
  /schemas/garbage.json    200 with a body that is not JSON
  /schemas/typo.json       a schema that breaks its metaschema ("type": "objekt"), with a $ref
                           to address.json
  /redirect-loop           302 to itself
"""
import base64
import email.utils
import json
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

lock = threading.Lock()
requests = []
failures = {}


def page(number, last, size, next_reference, **extra):
    body = {"items": [{"page": number, "i": k} for k in range(size)], "page": number}
    body["next"] = next_reference if number < last else None
    body.update(extra)
    return body


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body leave in one segment: with Nagle's algorithm and the client's delayed
    # ACK, a second small write waits about 40 ms on every keep-alive request.
    disable_nagle_algorithm = True
    wbufsize = 1 << 16

    def log_message(self, *args):
        pass

    def send_json(self, status, body, headers=()):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def fail_first(self, times, status, headers=()):
        """Answers `status` the first `times` requests of this path; True when it did."""
        if self.first_times(times):
            self.send_json(status, {"error": status}, headers)
            return True
        return False

    def send_broken(self, body, reset):
        """Sends the headers and half of `body`, then resets or closes the connection."""
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data[: len(data) // 2])
        self.wfile.flush()
        if reset:
            # SO_LINGER with a zero timeout: close() sends RST instead of FIN.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        else:
            self.connection.shutdown(socket.SHUT_WR)
        self.connection.close()
        self.close_connection = True

    def first_times(self, times):
        """True for the first `times` requests of this path."""
        with lock:
            count = failures.get(self.path, 0)
            failures[self.path] = count + 1
        return count < times

    def do_GET(self):
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        parts = url.path.strip("/").split("/")
        if url.path != "/requests":
            with lock:
                requests.append(self.path)
        last = int(query.get("last", ["3"])[0])
        size = int(query.get("size", ["2"])[0])
        number = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 1
        relative = f"{number + 1}?{url.query}"
        route = parts[0]
        if route == "requests":
            with lock:
                self.send_json(200, list(requests))
        elif route == "pages":
            self.send_json(200, page(number, last, size, relative))
        elif route == "absolute":
            host = self.headers.get("Host")
            self.send_json(200, page(number, last, size, f"http://{host}/absolute/{number + 1}?{url.query}",
                                     hasMorePages=number < last))
        elif route == "numbered":
            number = int(query.get("page", ["1"])[0])
            self.send_json(200, {"items": [{"page": number, "i": k} for k in range(size)],
                                 "hasMorePages": number < last, "nextPage": number + 1})
        elif route == "counted":
            number = int(query.get("page", ["1"])[0])
            self.send_json(200, {"items": [{"page": number, "i": k} for k in range(size if number <= last else 0)]})
        elif route == "offset":
            offset, limit = int(query.get("offset", ["0"])[0]), int(query.get("limit", ["2"])[0])
            total = int(query.get("total", ["5"])[0])
            self.send_json(200, {"results": [{"n": k} for k in range(offset, min(offset + limit, total))]})
        elif route == "linked":
            number = int(query.get("page", ["1"])[0])
            records = [{"page": number, "i": k} for k in range(size)]
            host = self.headers.get("Host")
            links = [f'<http://{host}/linked?page=1&last={last}>; rel="first"']
            if number < last:
                following = 1 if "loop" in query else number + 1
                rest = "&".join(f"{k}={v[0]}" for k, v in query.items() if k != "page")
                links.append(f'<?page={following}&{rest}>; rel="next"')
            self.send_json(200, {"items": records} if "wrap" in query else records, [("Link", ", ".join(links))])
        elif route == "cursor":
            cursor = query.get("cursor")
            number = int(base64.b64decode(cursor[0], validate=True).decode()[5:-3]) if cursor else 1
            following = base64.b64encode(f"user:{number + 1}~~>".encode()).decode()
            self.send_json(200, {"data": [{"page": number, "i": k} for k in range(size)],
                                 "meta": {"next_cursor": following if number < last else None}})
        elif route == "ratelimited":
            reset = int(query.get("reset", ["1"])[0])
            if "epoch" in query:
                reset += int(time.time())
            headers = [("X-RateLimit-Remaining", "0" if number < last else "5"), ("X-RateLimit-Reset", str(reset))]
            self.send_json(200, page(number, last, size, relative), headers)
        elif route == "flaky":
            if not self.fail_first(2, 503):
                self.send_json(200, page(number, last, size, relative))
        elif route == "limited":
            if not self.fail_first(1, int(query.get("status", ["429"])[0]), [("Retry-After", "1")]):
                self.send_json(200, page(number, last, size, relative))
        elif route == "limited-date":
            when = email.utils.formatdate(time.time() + 2, usegmt=True)
            if not self.fail_first(1, 429, [("Retry-After", when)]):
                self.send_json(200, page(number, last, size, relative))
        elif route == "loop":
            self.send_json(200, {"items": [{"page": number}], "next": "2" if number == 1 else "1"})
        elif route in ("reset", "truncated"):
            body = page(number, last, size, relative)
            broken = number >= int(query.get("from", ["1"])[0])
            if broken and self.first_times(int(query.get("times", ["1"])[0])):
                self.send_broken(body, reset=route == "reset")
            else:
                self.send_json(200, body)
        elif route in ("lines.jsonl", "garbled"):
            bad = int(query.get("bad", ["0"])[0])
            lines = ['{"i": %d}' % k if k != bad else '{"i": %d,,}' % k for k in range(1, 5)]
            text = "\n".join(lines) + "\n" if route == "lines.jsonl" else '{"items": [{"i": 1}, {"i": 2,,}], "next": null}'
            data = text.encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        elif route == "slow":
            time.sleep(5)
            self.send_json(200, {"items": []})
        elif route == "headers":
            if self.headers.get("X-Token") == "secret" and self.headers.get("Accept-Language") == "fr":
                self.send_json(200, {"items": [{"ok": True}]})
            else:
                self.send_json(401, {"error": "unauthorized"})
        elif route == "always-503":
            self.send_json(503, {"error": 503})
        elif route == "redirect-file":
            self.send_json(302, {}, [("Location", "file:///etc/passwd")])
        elif route == "redirect-page":
            self.send_json(302, {}, [("Location", "/pages/1?last=2")])
        elif route == "schemas" and parts[-1] in ("person.json", "flaky.json"):
            if parts[-1] == "flaky.json" and self.fail_first(2, 503):
                return
            self.send_json(200, {"type": "object", "required": ["name"], "properties": {
                "name": {"type": "string"}, "address": {"$ref": "address.json"}}})
        elif route == "schemas" and parts[-1] == "address.json":
            self.send_json(200, {"type": "object", "properties": {"zip": {"type": "string"}}})
        elif route == "schemas" and parts[-1] == "typo.json":
            self.send_json(200, {"type": "objekt", "properties": {"address": {"$ref": "address.json"}}})
        elif route == "schemas" and parts[-1] == "garbage.json":
            data = b"<html>not a schema</html>"
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        elif route == "redirect-loop":
            self.send_json(302, {}, [("Location", "/redirect-loop")])
        elif route == "endless":
            self.send_json(200, page(number, number + 1, size, relative))
        elif route == "peer":
            self.send_json(200, {"items": [{"page": number, "port": self.client_address[1]}],
                                 "next": f"{number + 1}?last={last}" if number < last else None})
        else:
            self.send_json(404, {"error": "not found"})


class Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A client that goes away in the middle of a request (codable stopped by a signal or a
        # limit, or done with a kept-alive connection), or a connection a route broke on
        # purpose, is not the server's error: no traceback in the test log.
        if isinstance(sys.exc_info()[1], OSError):
            return
        super().handle_error(request, client_address)


def main():
    server = Server(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # returns when the test closes our standard input (or dies)
    server.shutdown()


if __name__ == "__main__":
    main()
