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
#endif
