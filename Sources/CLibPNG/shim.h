#ifndef CLIBPNG_SHIM_H
#define CLIBPNG_SHIM_H
#include <png.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <stdint.h>
#include <errno.h>

// libpng's simplified API, wrapped because its macros (PNG_IMAGE_VERSION, PNG_FORMAT_BGRA)
// do not import into Swift. The simplified API catches libpng's longjmp itself and reports
// failure as a zero return with a message in image->message, which Swift can survive.

/// Zeroes `image`, sets its version, reads the header of the PNG in `data`.
/// Nonzero on success; on failure the image is already freed.
static inline int strata_png_begin_read(png_imagep image, const void *data, size_t size) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    return png_image_begin_read_from_memory(image, data, size);
}

/// Decodes into `buffer` (width * height * 4 bytes) as 8-bit sRGB B, G, R, A, straight alpha.
/// Frees the image whatever the outcome; nonzero on success.
static inline int strata_png_finish_read_bgra(png_imagep image, void *buffer) {
    image->format = PNG_FORMAT_BGRA;
    return png_image_finish_read(image, NULL, buffer, 0, NULL);
}

/// The NUL-terminated error or warning message of `image`.
static inline const char *strata_png_message(const png_image *image) {
    return image->message;
}

// The full libpng API, for what the simplified one gets wrong: interlaced 16-bit images (its
// Adam7 passes 1–6 come out wrong in libpng 1.6). libpng reports errors by longjmp, so the
// whole read happens here under a setjmp.

typedef struct strata_png_source {
    const unsigned char *data;
    size_t size, position;
} strata_png_source;

static void strata_png_read_bytes(png_structp png, png_bytep out, size_t count) {
    strata_png_source *source = (strata_png_source *)png_get_io_ptr(png);
    if (source->size - source->position < count) png_error(png, "data ends early");
    memcpy(out, source->data + source->position, count);
    source->position += count;
}

static void strata_png_error(png_structp png, png_const_charp message) {
    char *out = (char *)png_get_error_ptr(png);
    if (out) { strncpy(out, message, 255); out[255] = 0; }
    png_longjmp(png, 1);
}

static void strata_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

/// Reads every row of the PNG in `data`, de-interlaced, in the file's own sample format (no
/// transforms: 16-bit samples stay big-endian) into `buffer`, `height` rows of `rowbytes`.
/// 1 on success; 0 with a message (256 bytes) in `message`.
static inline int strata_png_read_raw_rows(const void *data, size_t size, void *buffer, size_t rowbytes,
                                           png_uint_32 height, char *message) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, message, strata_png_error, strata_png_warning);
    if (!png) return 0;
    png_infop info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return 0;
    }
    strata_png_source source = { (const unsigned char *)data, size, 0 };
    png_set_read_fn(png, &source, strata_png_read_bytes);
    png_read_info(png, info);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != rowbytes || png_get_image_height(png, info) != height) {
        png_error(png, "unexpected row size");
    }
    rows = (png_bytep *)malloc(height * sizeof(png_bytep));
    if (!rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = (png_bytep)buffer + (size_t)y * rowbytes;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 1;
}
// Writing, row by row through the full API, so an image is never copied whole: the caller
// un-premultiplies one row at a time. The output matches libpng's simplified writer
// (png_image_write_to_memory with PNG_FORMAT_BGRA) byte for byte: 8-bit RGBA, not interlaced,
// an sRGB chunk (perceptual), default filters and compression. libpng reports errors by
// longjmp, so every entry point that calls libpng sets its own setjmp.

typedef struct strata_png_writer {
    png_structp png;
    png_infop info;
    FILE *file;                /* the file written, or NULL when writing to memory */
    unsigned char *memory;     /* the PNG so far, when writing to memory */
    size_t size, capacity;
    int failed, io_failed;
    char message[256];
} strata_png_writer;

static void strata_png_write_memory(png_structp png, png_bytep data, size_t count) {
    strata_png_writer *writer = (strata_png_writer *)png_get_io_ptr(png);
    if (writer->capacity - writer->size < count) {
        size_t capacity = writer->capacity ? writer->capacity : 65536;
        while (capacity - writer->size < count) {
            if (capacity > SIZE_MAX / 2) png_error(png, "out of memory");
            capacity *= 2;
        }
        unsigned char *grown = (unsigned char *)realloc(writer->memory, capacity);
        if (!grown) png_error(png, "out of memory");
        writer->memory = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->memory + writer->size, data, count);
    writer->size += count;
}

static void strata_png_write_file(png_structp png, png_bytep data, size_t count) {
    strata_png_writer *writer = (strata_png_writer *)png_get_io_ptr(png);
    if (fwrite(data, 1, count, writer->file) != count) {
        writer->io_failed = 1;
        png_error(png, strerror(errno));
    }
}

static void strata_png_flush_nothing(png_structp png) { (void)png; }

/// Starts a PNG of `width` × `height` pixels, written to the file at `path` (created or
/// truncated) or, with `path` NULL, to memory. NULL only when out of memory; otherwise check
/// `failed` (with `io_failed` when the file could not be opened) and free with
/// strata_png_writer_free.
static inline strata_png_writer *strata_png_writer_begin(png_uint_32 width, png_uint_32 height, const char *path) {
    strata_png_writer *writer = (strata_png_writer *)calloc(1, sizeof *writer);
    if (!writer) return NULL;
    writer->failed = 1;
    if (path) {
        writer->file = fopen(path, "wb");
        if (!writer->file) {
            writer->io_failed = 1;
            snprintf(writer->message, sizeof writer->message, "%s", strerror(errno));
            return writer;
        }
    }
    writer->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, writer->message, strata_png_error, strata_png_warning);
    if (!writer->png) { strcpy(writer->message, "out of memory"); return writer; }
    writer->info = png_create_info_struct(writer->png);
    if (!writer->info) { strcpy(writer->message, "out of memory"); return writer; }
    if (setjmp(png_jmpbuf(writer->png))) return writer;
    png_set_write_fn(writer->png, writer, writer->file ? strata_png_write_file : strata_png_write_memory,
                     strata_png_flush_nothing);
    png_set_benign_errors(writer->png, 0);
    png_set_IHDR(writer->png, writer->info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_sRGB(writer->png, writer->info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(writer->png, writer->info);
    png_set_bgr(writer->png);
    writer->failed = 0;
    return writer;
}

/// Writes the next row: `width` pixels of 8-bit B, G, R, A, straight alpha. 1 on success.
static inline int strata_png_writer_row(strata_png_writer *writer, const void *row) {
    if (writer->failed) return 0;
    if (setjmp(png_jmpbuf(writer->png))) { writer->failed = 1; return 0; }
    png_write_row(writer->png, (png_const_bytep)row);
    return 1;
}

/// Finishes the PNG after its last row and closes the file. 1 on success.
static inline int strata_png_writer_end(strata_png_writer *writer) {
    if (writer->failed) return 0;
    if (setjmp(png_jmpbuf(writer->png))) { writer->failed = 1; return 0; }
    png_write_end(writer->png, writer->info);
    if (writer->file) {
        FILE *file = writer->file;
        writer->file = NULL;
        if (fclose(file) != 0) {
            writer->failed = writer->io_failed = 1;
            snprintf(writer->message, sizeof writer->message, "%s", strerror(errno));
            return 0;
        }
    }
    return 1;
}

/// The written PNG when writing to memory, handed over to the caller (free it with free()).
static inline unsigned char *strata_png_writer_take_memory(strata_png_writer *writer, size_t *size) {
    unsigned char *memory = writer->memory;
    *size = writer->size;
    writer->memory = NULL;
    writer->size = writer->capacity = 0;
    return memory;
}

static inline void strata_png_writer_free(strata_png_writer *writer) {
    if (writer->png) png_destroy_write_struct(&writer->png, writer->info ? &writer->info : NULL);
    if (writer->file) fclose(writer->file);
    free(writer->memory);
    free(writer);
}

#endif
