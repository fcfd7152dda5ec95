package dev.stoa.export;

import dev.stoa.http.ApiError;
import dev.stoa.http.CommonErrors;
import dev.stoa.http.ErrorCode;

/**
 * The error answers of export, each text written once, in Zulip's exact words and codes (the
 * full-stack tests assert them). Code elsewhere builds no ApiError from a text of its own
 * (ErrorTextsTest).
 */
public final class ExportErrors {
    private ExportErrors() {}

    static ApiError exportRateLimited() {
        return ApiError.bad("Exceeded rate limit.");
    }

    static ApiError ownerConsentRequired() {
        return ApiError.bad("Make sure at least one Organization Owner is consenting to the export or contact the server administrator for help.");
    }

    static ApiError ownerEmailVisibilityRequired() {
        return ApiError.bad("Make sure at least one Organization Owner allows other Administrators to see their email address" + " or contact the server administrator for help");
    }

    static ApiError invalidDataExportId() {
        return ApiError.bad("Invalid data export ID");
    }

    static ApiError exportAlreadyDeleted() {
        return ApiError.bad("Export already deleted");
    }

    static ApiError exportFailedNothingToDelete() {
        return ApiError.bad("Export failed, nothing to delete");
    }

    static ApiError exportStillInProgress() {
        return ApiError.bad("Export still in progress");
    }

    static ApiError fileNotFound() {
        return ApiError.of(ErrorCode.BAD_REQUEST, 404, "File not found");
    }

    static ApiError invalidExportType() {
        return CommonErrors.invalid("export_type");
    }
}
