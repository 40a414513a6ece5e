#ifndef CLIBPNG_SHIM_H
#define CLIBPNG_SHIM_H
#include <png.h>
#include <stdio.h>
#include <string.h>

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

/// Encodes `buffer` (8-bit B, G, R, A, straight alpha, tightly packed) as a PNG.
/// With `memory` NULL, sets `*size` to the bytes needed. Nonzero on success.
static inline int strata_png_write_bgra(png_imagep image, png_uint_32 width, png_uint_32 height,
                                        const void *buffer, void *memory, png_alloc_size_t *size) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    image->width = width;
    image->height = height;
    image->format = PNG_FORMAT_BGRA;
    return png_image_write_to_memory(image, memory, size, 0, buffer, 0, NULL);
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
#endif
