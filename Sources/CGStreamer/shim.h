// What Swift cannot import from GStreamer/GLib headers (cast and accessor macros, variadic
// functions), as static inline functions. Only GStreamerKit imports this.
#ifndef VIDEOWALL_CGSTREAMER_SHIM_H
#define VIDEOWALL_CGSTREAMER_SHIM_H

#include <gst/gst.h>
#include <gst/video/video.h>
#include <gst/pbutils/pbutils.h>
#include <gst/app/gstappsrc.h>
#include <gst/app/gstappsink.h>
#include <gst/base/gstbasesink.h>
#include <gst/tag/tag.h>
#include <gst/net/net.h>
#include <glib-unix.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

// Cast macros keep GLib's runtime type check.
static inline GObject *vw_object(gpointer p) { return G_OBJECT(p); }
static inline GstObject *vw_gst_object(gpointer p) { return GST_OBJECT(p); }
static inline GstElement *vw_element(gpointer p) { return GST_ELEMENT(p); }
static inline GstBin *vw_bin(gpointer p) { return GST_BIN(p); }
static inline GstPipeline *vw_pipeline(gpointer p) { return GST_PIPELINE(p); }
static inline gboolean vw_is_element(gpointer p) { return GST_IS_ELEMENT(p); }
static inline gboolean vw_is_pipeline(gpointer p) { return GST_IS_PIPELINE(p); }
static inline gboolean vw_is_initially_unowned(gpointer p) { return G_IS_INITIALLY_UNOWNED(p); }
static inline const char *vw_type_name_of(gpointer p) { return G_OBJECT_TYPE_NAME(p); }
static inline GObjectClass *vw_object_get_class(gpointer p) { return G_OBJECT_GET_CLASS(p); }
static inline gboolean vw_is_object(gpointer p) { return G_IS_OBJECT(p); }

// GstMessage accessors.
static inline GstMessageType vw_message_type(GstMessage *m) { return GST_MESSAGE_TYPE(m); }
static inline GstObject *vw_message_source(GstMessage *m) { return GST_MESSAGE_SRC(m); }
static inline guint32 vw_message_seqnum(GstMessage *m) { return GST_MESSAGE_SEQNUM(m); }
static inline GstMessage *vw_message_ref(GstMessage *m) { return gst_message_ref(m); }
static inline void vw_message_unref(GstMessage *m) { gst_message_unref(m); }

// Mini-object refcounting (macros or inline in the headers).
static inline GstCaps *vw_caps_ref(GstCaps *c) { return gst_caps_ref(c); }
static inline void vw_caps_unref(GstCaps *c) { gst_caps_unref(c); }
static inline void vw_sample_unref(GstSample *s) { gst_sample_unref(s); }
static inline void vw_query_unref(GstQuery *q) { gst_query_unref(q); }
static inline void vw_event_unref(GstEvent *e) { gst_event_unref(e); }
static inline void vw_tag_list_unref(GstTagList *t) { gst_tag_list_unref(t); }
static inline GstTagList *vw_tag_list_ref(GstTagList *t) { return gst_tag_list_ref(t); }

// GstBuffer accessors.
static inline GstClockTime vw_buffer_pts(GstBuffer *b) { return GST_BUFFER_PTS(b); }
static inline GstClockTime vw_buffer_dts(GstBuffer *b) { return GST_BUFFER_DTS(b); }
static inline GstClockTime vw_buffer_duration(GstBuffer *b) { return GST_BUFFER_DURATION(b); }
static inline gboolean vw_buffer_is_delta_unit(GstBuffer *b) { return GST_BUFFER_FLAG_IS_SET(b, GST_BUFFER_FLAG_DELTA_UNIT); }


// The clock time a GstBaseSink waits for before rendering a buffer stamped `ts`: running time
// in its segment, plus base time, latency and ts-offset, minus render-delay (the sum
// gst_base_sink_do_sync waits on). The segment is a public struct field guarded by the stream
// lock: call this only from the streaming thread, e.g. inside `handoff`.
static inline GstClockTime vw_base_sink_due_time(GstElement *e, GstClockTime ts) {
    GstBaseSink *sink = GST_BASE_SINK(e);
    GstClockTime running = gst_segment_to_running_time(&sink->segment, GST_FORMAT_TIME, ts);
    GstClockTime base = gst_element_get_base_time(e);
    if (!GST_CLOCK_TIME_IS_VALID(running) || !GST_CLOCK_TIME_IS_VALID(base)) return GST_CLOCK_TIME_NONE;
    gint64 due = (gint64)(running + base + gst_base_sink_get_latency(sink)) + gst_base_sink_get_ts_offset(sink)
                 - (gint64)gst_base_sink_get_render_delay(sink);
    return due < 0 ? 0 : (GstClockTime)due;
}

/* GST_STATE: the state an element is in now (read without its lock, as GStreamer's own
 * streaming code does). */
static inline GstState vw_element_current_state(GstElement *e) { return GST_STATE(e); }

// GstPadProbeInfo accessors.
static inline GstBuffer *vw_probe_info_buffer(GstPadProbeInfo *i) { return GST_PAD_PROBE_INFO_BUFFER(i); }
static inline GstEvent *vw_probe_info_event(GstPadProbeInfo *i) { return GST_PAD_PROBE_INFO_EVENT(i); }
static inline GstEventType vw_event_type(GstEvent *e) { return GST_EVENT_TYPE(e); }
/* The running time of `pts` in the SEGMENT event stuck on `pad` (gst_pad_get_sticky_event,
 * gst_segment_to_running_time); GST_CLOCK_TIME_NONE without one. */
static inline GstClockTime vw_pad_running_time(GstPad *pad, GstClockTime pts) {
  GstEvent *event = gst_pad_get_sticky_event(pad, GST_EVENT_SEGMENT, 0);
  if (!event) return GST_CLOCK_TIME_NONE;
  const GstSegment *segment = NULL;
  gst_event_parse_segment(event, &segment);
  GstClockTime running = segment->format == GST_FORMAT_TIME ? gst_segment_to_running_time(segment, GST_FORMAT_TIME, pts) : GST_CLOCK_TIME_NONE;
  gst_event_unref(event);
  return running;
}
/* Replaces the SEGMENT event passing a probe by a copy with these start, stop (NONE: open),
 * stream time, base (running time of its start) and rate; the seqnum is kept.
 * GST_PAD_PROBE_INFO_DATA is a macro, hence this shim. */
static inline void vw_probe_info_replace_segment(GstPadProbeInfo *info, guint64 start, guint64 stop, guint64 time,
                                                 guint64 base, gdouble rate) {
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT(info);
  const GstSegment *segment = NULL;
  gst_event_parse_segment(event, &segment);
  GstSegment copy;
  gst_segment_copy_into(segment, &copy);
  if (copy.start != start) copy.position = start;
  copy.start = start;
  copy.stop = stop;
  copy.time = time;
  copy.base = base;
  copy.rate = rate;
  GstEvent *replacement = gst_event_new_segment(&copy);
  gst_event_set_seqnum(replacement, gst_event_get_seqnum(event));
  gst_event_unref(event);
  GST_PAD_PROBE_INFO_DATA(info) = replacement;
}

// GType macros.
static inline GType vw_type_string(void) { return G_TYPE_STRING; }
static inline GType vw_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType vw_type_int(void) { return G_TYPE_INT; }
static inline GType vw_type_uint(void) { return G_TYPE_UINT; }
static inline GType vw_type_int64(void) { return G_TYPE_INT64; }
static inline GType vw_type_uint64(void) { return G_TYPE_UINT64; }
static inline GType vw_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType vw_type_float(void) { return G_TYPE_FLOAT; }
static inline GType vw_type_object(void) { return G_TYPE_OBJECT; }
static inline GType vw_type_enum(void) { return G_TYPE_ENUM; }
static inline GType vw_type_flags(void) { return G_TYPE_FLAGS; }
static inline GType vw_type_fraction(void) { return GST_TYPE_FRACTION; }
static inline GType vw_type_sample(void) { return GST_TYPE_SAMPLE; }
static inline GType vw_type_caps(void) { return GST_TYPE_CAPS; }
static inline GType vw_value_type(const GValue *v) { return G_VALUE_TYPE(v); }
static inline GType vw_param_value_type(GParamSpec *p) { return G_PARAM_SPEC_VALUE_TYPE(p); }
static inline GType vw_type_fundamental(GType t) { return G_TYPE_FUNDAMENTAL(t); }
static inline gboolean vw_value_holds_fraction(const GValue *v) { return GST_VALUE_HOLDS_FRACTION(v); }
static inline GValue vw_value_zero(void) { GValue v = G_VALUE_INIT; return v; }

// Time constants that import but do not compile, or are macros.
static inline GstClockTime vw_clock_time_none(void) { return GST_CLOCK_TIME_NONE; }

// appsrc/appsink casts and GstBuffer timestamp setters (GST_BUFFER_PTS is an lvalue macro).
static inline GstAppSrc *vw_app_src(gpointer p) { return GST_APP_SRC(p); }
static inline gboolean vw_is_app_src(gpointer p) { return GST_IS_APP_SRC(p); }
static inline GstAppSink *vw_app_sink(gpointer p) { return GST_APP_SINK(p); }
static inline gboolean vw_is_app_sink(gpointer p) { return GST_IS_APP_SINK(p); }
static inline void vw_buffer_set_pts(GstBuffer *b, GstClockTime t) { GST_BUFFER_PTS(b) = t; }
static inline void vw_buffer_set_duration(GstBuffer *b, GstClockTime t) { GST_BUFFER_DURATION(b) = t; }
static inline void vw_buffer_unref(GstBuffer *b) { gst_buffer_unref(b); }

#endif
