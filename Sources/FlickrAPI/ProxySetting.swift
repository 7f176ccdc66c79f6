import AsyncHTTPClient
import Foundation

/// The proxy the environment names for an endpoint, as curl reads it: `https_proxy` (or
/// `HTTPS_PROXY`) for https, `http_proxy` for http, unless `no_proxy` lists the host. Only http
/// proxies are understood; requests go through them in a CONNECT tunnel, http ones too.
enum ProxySetting {
    static func proxy(for endpoint: URL, environment: [String: String]) -> HTTPClient.Configuration.Proxy? {
        guard let host = endpoint.host?.lowercased() else { return nil }
        let https = endpoint.scheme?.lowercased() == "https"
        let names = https ? ["https_proxy", "HTTPS_PROXY"] : ["http_proxy"]
        guard let text = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }),
            !bypassed(host, environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
        else { return nil }
        let withScheme = text.contains("://") ? text : "http://" + text
        guard let url = URL(string: withScheme), url.scheme?.lowercased() == "http", let proxyHost = url.host,
            (1...65535).contains(url.port ?? 80)
        else { return nil }
        let port = url.port ?? 80
        let authorization = url.user.map { HTTPClient.Authorization.basic(username: $0, password: url.password ?? "") }
        return .server(host: proxyHost, port: port, authorization: authorization)
    }

    /// True when `no_proxy` ("*", or names and domains, comma-separated) covers `host`.
    static func bypassed(_ host: String, _ noProxy: String) -> Bool {
        for entry in noProxy.lowercased().split(separator: ",") {
            let name = entry.trimmingCharacters(in: .whitespaces)
            if name == "*" { return true }
            let domain = name.hasPrefix(".") ? String(name.dropFirst()) : name
            if !domain.isEmpty, host == domain || host.hasSuffix("." + domain) { return true }
        }
        return false
    }
}
