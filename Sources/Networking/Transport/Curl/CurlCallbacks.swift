import CNetworkingShim
import Glibc

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
        // Borrowed, not retained: the loop keeps the transfer alive while curl may call back (a retain and a
        // release per header line and body chunk, measured).
        return Unmanaged<CurlTransfer>.fromOpaque(context)._withUnsafeGuaranteedRef {
            $0.receiveBody(UnsafeRawBufferPointer(start: data, count: length))
        } ? length : 0
    }

    /// `CURLOPT_HEADERFUNCTION`: one header line (status lines included) at a time.
    static let header: ns_curl_data_callback = { data, size, count, context in
        guard let context else {
            return 0
        }
        let length = size * count
        // Borrowed, not retained: the loop keeps the transfer alive while curl may call back (a retain and a
        // release per header line and body chunk, measured).
        return Unmanaged<CurlTransfer>.fromOpaque(context)._withUnsafeGuaranteedRef {
            $0.receiveHeader(UnsafeRawBufferPointer(start: data, count: length))
        } ? length : 0
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

    /// `CURLOPT_READFUNCTION`: fills curl's buffer from the upload file; 0 ends the body.
    static let read: ns_curl_data_callback = { buffer, size, count, context in
        guard let context, let buffer else {
            return NS_CURL_READFUNC_ABORT
        }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let read = transfer.readBody(into: UnsafeMutableRawBufferPointer(start: buffer, count: size * count))
        return read.map { $0 } ?? NS_CURL_READFUNC_ABORT
    }

    /// `CURLOPT_SEEKFUNCTION`: rewinds the upload file when curl must send the body again.
    static let seek: ns_curl_seek_callback = { context, offset, origin in
        guard let context, origin == SEEK_SET else {
            return NS_CURL_SEEKFUNC_FAIL
        }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        return transfer.uploadFile?.seek(to: Int64(offset)) == true ? NS_CURL_SEEKFUNC_OK : NS_CURL_SEEKFUNC_FAIL
    }

    /// `CURLOPT_XFERINFOFUNCTION`: byte counts as they move, for the request's progress closures.
    static let transferInfo: ns_curl_xferinfo_callback = {
        context, downloadTotal, downloadNow, uploadTotal, uploadNow in
        guard let context else {
            return 0
        }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        transfer.progress.update(
            downloadTotal: Int64(downloadTotal), downloadNow: Int64(downloadNow), uploadTotal: Int64(uploadTotal),
            uploadNow: Int64(uploadNow))
        return 0
    }
}
