import CNetworkingShim

/// curl's per-transfer C callbacks. Each captures nothing and reaches its ``CurlTransfer`` through the
/// `Unmanaged` user pointer set in ``CurlTransfer/configure()``; the event loop keeps the transfer alive
/// while curl may call them.
enum CurlCallbacks {
    /// `CURLOPT_WRITEFUNCTION`: body bytes; returning fewer bytes than given aborts the transfer.
    static let write: ns_curl_data_callback = { data, size, count, context in
        guard let context else {
            return 0
        }
        let length = size * count
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    /// `CURLOPT_HEADERFUNCTION`: one header line (status lines included) at a time.
    static let header: ns_curl_data_callback = { data, size, count, context in
        guard let context else {
            return 0
        }
        let length = size * count
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    /// `CURLOPT_PREREQFUNCTION`: runs after the connection is ready (new or reused), before the request is
    /// sent; aborting here means the server receives no byte of the request.
    static let prerequest: ns_curl_prereq_callback = { context, _, _, _, _ in
        guard let context else {
            return NS_CURL_PREREQFUNC_ABORT
        }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.connectionIsAcceptable() ? NS_CURL_PREREQFUNC_OK : NS_CURL_PREREQFUNC_ABORT
    }
}
