#ifndef CJPEG_SHIM_H
#define CJPEG_SHIM_H
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

// libjpeg reports fatal errors by calling error_exit, which must not return. Swift cannot be
// unwound by longjmp, so every libjpeg call happens here, in C, under a setjmp; Swift sees a
// return code and the library's message. Decoding is in two steps so Swift can check the
// size in the header before allocating the pixels.

typedef struct strata_jpeg_reader {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr error;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    int premature_end;   // libjpeg only warns when the data ends early; Strata treats it as an error
    int cmyk;            // decoding CMYK (Adobe, inverted) that Strata converts to BGRA itself
} strata_jpeg_reader;

static void strata_jpeg_error_exit(j_common_ptr info) {
    strata_jpeg_reader *reader = (strata_jpeg_reader *)info;
    (*info->err->format_message)(info, reader->message);
    longjmp(reader->jump, 1);
}

static void strata_jpeg_emit_message(j_common_ptr info, int level) {
    strata_jpeg_reader *reader = (strata_jpeg_reader *)info;
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) {
        reader->premature_end = 1;
        (*info->err->format_message)(info, reader->message);
    }
}

/// Reads the header of the JPEG in `data`. Returns a reader (free it with strata_jpeg_close)
/// or NULL when out of memory; `*ok` is 1 on success, else the reader holds the message.
static inline strata_jpeg_reader *strata_jpeg_open(const void *data, size_t size, int *ok) {
    strata_jpeg_reader *reader = (strata_jpeg_reader *)calloc(1, sizeof *reader);
    *ok = 0;
    if (!reader) return NULL;
    reader->info.err = jpeg_std_error(&reader->error);
    reader->error.error_exit = strata_jpeg_error_exit;
    reader->error.emit_message = strata_jpeg_emit_message;
    if (setjmp(reader->jump)) return reader;
    jpeg_create_decompress(&reader->info);
    jpeg_mem_src(&reader->info, (const unsigned char *)data, (unsigned long)size);
    jpeg_read_header(&reader->info, TRUE);
    if (reader->premature_end) return reader;
    *ok = 1;
    return reader;
}

static inline unsigned strata_jpeg_width(const strata_jpeg_reader *reader) { return reader->info.image_width; }
static inline unsigned strata_jpeg_height(const strata_jpeg_reader *reader) { return reader->info.image_height; }
static inline const char *strata_jpeg_message(const strata_jpeg_reader *reader) { return reader->message; }
static inline int strata_jpeg_premature_end(const strata_jpeg_reader *reader) { return reader->premature_end; }

/// Decodes into `buffer` (width * height * 4 bytes) as opaque B, G, R, A. Gray and YCbCr
/// convert in libjpeg-turbo; CMYK and YCCK (Adobe's inverted CMYK) convert here.
/// 1 on success; 0 with a message on failure or when the data ends early.
static inline int strata_jpeg_read_bgra(strata_jpeg_reader *reader, void *buffer) {
    if (setjmp(reader->jump)) return 0;
    J_COLOR_SPACE space = reader->info.jpeg_color_space;
    reader->cmyk = space == JCS_CMYK || space == JCS_YCCK;
    reader->info.out_color_space = reader->cmyk ? JCS_CMYK : JCS_EXT_BGRA;
    jpeg_start_decompress(&reader->info);
    size_t stride = (size_t)reader->info.output_width * 4;
    while (reader->info.output_scanline < reader->info.output_height) {
        unsigned char *row = (unsigned char *)buffer + stride * reader->info.output_scanline;
        jpeg_read_scanlines(&reader->info, &row, 1);
        if (reader->cmyk) {
            // Adobe writes CMYK inverted: each byte is 255 − ink, so R = C·K / 255 and so on.
            for (size_t x = 0; x < reader->info.output_width; x++) {
                unsigned char *p = row + 4 * x;
                unsigned c = p[0], m = p[1], y = p[2], k = p[3];
                p[0] = (unsigned char)((y * k + 127) / 255);
                p[1] = (unsigned char)((m * k + 127) / 255);
                p[2] = (unsigned char)((c * k + 127) / 255);
                p[3] = 255;
            }
        }
        if (reader->premature_end) return 0;
    }
    jpeg_finish_decompress(&reader->info);
    return !reader->premature_end;
}

static inline void strata_jpeg_close(strata_jpeg_reader *reader) {
    if (!reader) return;
    jpeg_destroy_decompress(&reader->info);
    free(reader);
}
typedef struct strata_jpeg_writer {
    struct jpeg_compress_struct info;
    struct jpeg_error_mgr error;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} strata_jpeg_writer;

static void strata_jpeg_writer_error_exit(j_common_ptr info) {
    strata_jpeg_writer *writer = (strata_jpeg_writer *)info;
    (*info->err->format_message)(info, writer->message);
    longjmp(writer->jump, 1);
}

/// Encodes `height` rows of `width` B, G, R, A pixels (`stride` bytes apart; alpha ignored) as a
/// baseline JPEG at `quality` (0…100). On success returns 1 and a malloc'd buffer in `*out` of
/// `*size` bytes (free it with free()); on failure 0 with the library's message in `message`.
static inline int strata_jpeg_write_bgra(const void *pixels, unsigned width, unsigned height, size_t stride,
                                         int quality, unsigned char **out, unsigned long *size,
                                         char *message, int messageSize) {
    strata_jpeg_writer *writer = (strata_jpeg_writer *)calloc(1, sizeof *writer);
    *out = NULL;
    *size = 0;
    if (!writer) { strncpy(message, "out of memory", (size_t)messageSize - 1); return 0; }
    writer->info.err = jpeg_std_error(&writer->error);
    writer->error.error_exit = strata_jpeg_writer_error_exit;
    if (setjmp(writer->jump)) {
        strncpy(message, writer->message, (size_t)messageSize - 1);
        message[messageSize - 1] = 0;
        jpeg_destroy_compress(&writer->info);
        free(*out);
        *out = NULL;
        *size = 0;
        free(writer);
        return 0;
    }
    jpeg_create_compress(&writer->info);
    jpeg_mem_dest(&writer->info, out, size);
    writer->info.image_width = width;
    writer->info.image_height = height;
    writer->info.input_components = 4;
    writer->info.in_color_space = JCS_EXT_BGRA;
    jpeg_set_defaults(&writer->info);
    jpeg_set_quality(&writer->info, quality, TRUE);
    jpeg_start_compress(&writer->info, TRUE);
    while (writer->info.next_scanline < writer->info.image_height) {
        JSAMPROW row = (JSAMPROW)((const unsigned char *)pixels + stride * writer->info.next_scanline);
        jpeg_write_scanlines(&writer->info, &row, 1);
    }
    jpeg_finish_compress(&writer->info);
    jpeg_destroy_compress(&writer->info);
    free(writer);
    return 1;
}
#endif
