/**
 * The one file store's face (docs/decisions/0059): the upload path every area takes, and the
 * `files` rows, which only this folder names. The bytes themselves are the FileStore's (storage.ts).
 */
export { forgetFileByKey, forgetFiles, storedFile, storedFiles, type FileArea, type StoredFile } from './records.js';
export { dropUpload, jpegOrPng, keepUpload, receiveUpload, type FileRules, type ReceivedFile, type ReceivedUpload, type UploadRules } from './upload.js';
